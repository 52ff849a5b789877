import type { Translation } from '@/lib/i18n';
import type en from './auth.en';

export default {
  email: 'Correo electrónico',
  password: 'Contraseña',
  confirmPassword: 'Confirmar contraseña',
  newPassword: 'Nueva contraseña',
  confirmNewPassword: 'Confirmar nueva contraseña',
  emailPlaceholder: 'tu@ejemplo.com',
  needsJavaScript:
    'Este formulario necesita JavaScript. Actívalo en los ajustes de tu navegador para continuar.',
  login: {
    emailKept:
      'Se canceló el cambio de tu dirección de correo y se cerraron todas las sesiones. Inicia sesión con tu dirección.',
    title: '¡Hola de nuevo!',
    subtitle: 'Inicia sesión en tu cuenta',
    forgot: '¿Has olvidado tu contraseña?',
    submit: 'Iniciar sesión',
    busy: 'Iniciando sesión…',
    noAccount: '¿No tienes una cuenta?',
    signUp: 'Regístrate',
    success: '¡Sesión iniciada!',
  },
  signup: {
    title: 'Crea tu cuenta',
    subtitle: 'Paso 1 de 3',
    submit: 'Crear cuenta',
    busy: 'Creando cuenta…',
    haveAccount: '¿Ya tienes una cuenta?',
    login: 'Iniciar sesión',
    steps: ['Cuenta', 'Identidad', 'Personalizar'],
  },
  verify: {
    title: 'Verificación del correo electrónico necesaria',
    body: 'Hemos enviado un enlace de verificación a',
    hint: 'Abre el enlace del correo para verificar tu dirección y luego continúa aquí.',
    resend: 'Reenviar correo de verificación',
    cooldown: 'Reenviar en {{n}} s',
    signIn: 'Iniciar sesión',
  },
  callback: {
    title: 'Verificando tu cuenta',
    errorTitle: 'Error de autenticación',
    redirecting: 'Redirigiendo a la página de inicio de sesión…',
  },
  forgot: {
    title: 'Contraseña olvidada',
    subtitle: 'Introduce tu correo electrónico y te enviaremos un enlace para restablecer tu contraseña.',
    submit: 'Enviar enlace',
    busy: 'Enviando…',
    back: 'Volver a iniciar sesión',
    sentTitle: 'Revisa tu correo',
    sentBody:
      'Si existe una cuenta para {{email}}, te hemos enviado un enlace para restablecer la contraseña.',
  },
  reset: {
    title: 'Restablece tu contraseña',
    submit: 'Actualizar contraseña',
    busy: 'Actualizando…',
    checking: 'Comprobando tu enlace…',
    missing: 'Esta página necesita el enlace del correo para restablecer la contraseña.',
    expired: 'Este enlace de restablecimiento ha caducado.',
    used: 'Este enlace de restablecimiento ya se ha usado.',
    invalid: 'Este enlace de restablecimiento no es válido.',
    requestNew: 'Solicita uno nuevo',
  },
} satisfies Translation<typeof en>;
