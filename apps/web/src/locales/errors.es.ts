import type { Translation } from '@/lib/i18n';
import type en from './errors.en';

/** The server's public error texts in Spanish, by error code. */
export default {
  validation_failed: 'La solicitud no es válida',
  invalid_json: 'El cuerpo de la solicitud no es un JSON válido',
  payload_too_large: 'El cuerpo de la solicitud es demasiado grande',
  unauthenticated: 'Usuario no autenticado',
  invalid_credentials: 'Correo electrónico o contraseña incorrectos',
  email_not_confirmed: 'Correo electrónico no confirmado',
  email_taken: 'Ya existe una cuenta con este correo electrónico',
  username_taken: 'Ese nombre de usuario ya está en uso',
  invalid_token: 'Este enlace no es válido o ha caducado',
  verify_password_required:
    'Establece una contraseña para esta cuenta para terminar de verificarla en este navegador',
  session_expired: 'Tu sesión ha caducado, vuelve a iniciar sesión',
  wrong_password: 'La contraseña actual es incorrecta',
  weak_password: 'Esta contraseña es demasiado fácil de adivinar. Añade más palabras o caracteres.',
  password_unchanged: 'Elige una contraseña nueva, no la que usas ahora',
  invalid_code: 'Ese código no es válido. Revísalo e inténtalo de nuevo.',
  two_step_expired: 'El inicio de sesión tardó demasiado. Vuelve a introducir tu correo y tu contraseña.',
  second_factor_required: 'Confirma con tu aplicación de autenticación o un código de recuperación',
  step_up_required: 'Confirma que eres tú para continuar',
  totp_already_enabled: 'Ya hay una aplicación de autenticación configurada',
  totp_not_started: 'Vuelve a empezar la configuración de la aplicación de autenticación',
  no_second_factor: 'Configura primero la verificación en dos pasos',
  recovery_after_reset:
    'La recuperación de la cuenta puede solicitarse 7 días después de restablecer la contraseña por correo. Si todavía tienes tu segundo paso, inicia sesión con él.',
  passkey_invalid: 'No se pudo usar esa llave de acceso. Inténtalo de nuevo.',
  email_unchanged: 'Esa ya es tu dirección de correo',
  rate_limited: 'Demasiados intentos, inténtalo de nuevo más tarde',
  resend_cooldown: 'Espera un momento antes de solicitar otro correo',
  forbidden: 'No tienes acceso a este recurso',
  not_found: 'No encontrado',
  client_changed: 'La app cambió desde que se listó: vuelve a listar los clientes y aprueba lo que ves',
  client_links_missing:
    'La aplicación necesita una página de inicio, una política de privacidad y unas condiciones de uso antes de aprobarse',
  service_unavailable: 'Este servicio llegará pronto y todavía no se puede reclamar.',
  unsupported_media_type: 'Solo se aceptan imágenes PNG, JPEG, WebP y GIF',
  image_too_large: 'Las imágenes no pueden superar los 5 MB',
  invalid_image: 'No se pudo leer la imagen',
  changed_meanwhile: 'Esto cambió en otro lugar en el mismo momento. Recarga e inténtalo de nuevo.',
  authenticator_unreadable:
    'Tu aplicación de autenticación ya no se puede comprobar: usa un código de recuperación o una llave de acceso y vuelve a configurarla',
  secret_unreadable: 'Este secreto ya no se puede leer: rótalo para obtener uno nuevo',
  database_unavailable: 'El servicio no está disponible temporalmente, inténtalo de nuevo',
  internal: 'Se ha producido un error inesperado',
  network: 'Error de red, comprueba tu conexión',
  rateLimitedIn: 'Demasiados intentos. Vuelve a intentarlo {{when}}.',
} satisfies Translation<typeof en>;
