import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './consent.en';

export default {
  title: 'Solicitud de autorización',
  cancel: 'Cancelar',
  validating: 'Validando la solicitud…',
  errorTitle: 'Error de autorización',
  returnHome: 'Volver al inicio',
  authRequiredTitle: 'Autenticación necesaria',
  authRequiredBody: 'Inicia sesión en tu cuenta para continuar a la aplicación.',
  signIn: 'Iniciar sesión',
  defaultDescription: 'quiere acceder a tu cuenta',
  willAllow: 'Esto permitirá a {{app}}:',
  allow: 'Permitir',
  deny: 'Denegar',
  signedInAs: 'Sesión iniciada como {{email}}',
  switchAccount: '¿No eres tú? Cambiar de cuenta',
  switching: 'Cerrando sesión…',
  twoStepSetup: {
    title: 'Se requiere verificación en dos pasos',
    body: '{{app}} requiere verificación en dos pasos. Configura una aplicación de autenticación o una llave de acceso en Configuración y vuelve a abrir {{app}}.',
    setUp: 'Configurar la verificación en dos pasos',
  },
  reauth: {
    title: 'Confirma que eres tú',
    body: '{{app}} te pide que vuelvas a iniciar sesión antes de continuar.',
    password: 'Contraseña',
    submit: 'Continuar',
    busy: 'Comprobando…',
  },
  plain: {
    unavailable: 'Esta aplicación no está disponible. Ponte en contacto con su desarrollador.',
    notReviewed: `Esta aplicación aún no está disponible: ${PRODUCT_NAME} no la ha revisado, así que solo su desarrollador puede usarla. Ponte en contacto con su desarrollador.`,
    badLink:
      'La aplicación te ha enviado aquí con un enlace incompleto o erróneo. Vuelve a la aplicación e inténtalo de nuevo; si vuelve a pasar, ponte en contacto con su desarrollador.',
    details: 'Detalles técnicos',
    code: 'Código de error: {{code}}',
  },
  api: { title: 'En {{api}}', note: 'Descrito por el desarrollador de {{api}}' },
  device: {
    title: 'Un dispositivo pide iniciar sesión',
    code: 'Código en el dispositivo:',
    check: 'Permite solo si tu dispositivo muestra este código. Si alguien te envió el código, deniega.',
    from: 'Solicitado desde {{device}} en {{ip}}',
    fromAddress: 'Solicitado desde {{ip}}',
  },
  trust: {
    verified: `Verificada por ${PRODUCT_NAME}`,
    unverified: 'Sin verificar: solo tú puedes usarla',
    publisher: 'Publicada por {{publisher}}',
    returnTo: 'Después de elegir, volverás a',
    returnToApp: 'Después de elegir se abrirá una app de este dispositivo, la registrada para',
    homepage: 'Página de inicio',
    privacy: 'Política de privacidad',
    terms: 'Condiciones de uso',
    linksLabel: 'Páginas de {{app}}',
    newTab: '(se abre en una pestaña nueva)',
    noLinks:
      '{{app}} aún no ha publicado una página de inicio, una política de privacidad ni unas condiciones.',
  },
  trustNote:
    'Permite el acceso solo a aplicaciones de confianza. Puedes revocar el acceso en cualquier momento en Configuración.',
  appLogoAlt: 'Logotipo de {{app}}',
  redirecting: 'Redirigiendo…',
  scopes: {
    openid: 'Iniciar sesión con tu cuenta',
    profile: 'Ver tu perfil (nombre, nombre de usuario, avatar)',
    email: 'Ver tu correo electrónico',
  },
} satisfies Translation<typeof en>;
