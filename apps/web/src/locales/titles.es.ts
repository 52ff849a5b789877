import type { Translation } from '@/lib/i18n';
import type en from './titles.en';

export default {
  landing: 'Una cuenta para todos tus servicios',
  login: 'Iniciar sesión',
  signUp: 'Crear cuenta',
  identity: 'Configura tu identidad',
  setup: 'Personaliza tu experiencia',
  verificationRequired: 'Verifica tu correo electrónico',
  authCallback: 'Verificando tu cuenta',
  confirmEmail: 'Confirma tu nuevo correo',
  cancelEmailChange: 'Protege tu cuenta',
  forgotPassword: 'Contraseña olvidada',
  resetPassword: 'Restablecer contraseña',
  signOut: 'Cerrar sesión',
  device: 'Conectar un dispositivo',
  dashboard: 'Panel',
  settings: 'Configuración',
  profile: 'Perfil',
  authorize: 'Solicitud de autorización',
  authorizeError: 'Error de autorización',
  developer: 'Panel de desarrollador',
  registerClient: 'Registrar una aplicación',
  clientDetail: 'Detalles de la aplicación',
  registerApi: 'Registrar una API',
  apiDetail: 'Detalles de la API',
  notFound: 'Página no encontrada',
} satisfies Translation<typeof en>;
