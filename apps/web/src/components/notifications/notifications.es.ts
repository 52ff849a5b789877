import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './notifications.en';

export default {
  title: 'Notificaciones',
  bell: 'Notificaciones',
  bellUnread_one: 'Notificaciones, {{count}} sin leer',
  bellUnread_other: 'Notificaciones, {{count}} sin leer',
  markAllRead: 'Marcar todo como leído',
  unread: 'Sin leer',
  loading: 'Cargando notificaciones…',
  unavailable: 'No se pudieron cargar las notificaciones.',
  retry: 'Reintentar',
  markFailed: 'No se pudo marcar la notificación como leída. Inténtalo de nuevo.',
  empty:
    'No tienes notificaciones. Los avisos de seguridad (un nuevo inicio de sesión, un cambio de contraseña, una app que autorices) aparecerán aquí.',
  securitySettings: 'Ajustes de seguridad',
  unknown: 'Desconocido',
  browserOn: '{{browser}} en {{os}}',
  kinds: {
    new_sign_in: {
      title: 'Nuevo inicio de sesión en tu cuenta',
      body: 'Desde {{where}}.',
      bodyWithIp: 'Desde {{where}}, IP {{ip}}.',
    },
    password_changed: {
      title: 'Contraseña cambiada',
      body: 'Se cerraron tus otras sesiones.',
    },
    password_reset: {
      title: 'Contraseña restablecida',
      body: 'Restablecida con un enlace enviado por correo; se cerraron todas las sesiones.',
    },
    app_authorized: {
      title: 'App autorizada',
      body: `{{app}} ya puede usar tu cuenta de ${PRODUCT_NAME}.`,
    },
    second_factor_added: {
      totp: 'App de autenticación activada',
      passkey: 'Llave de acceso añadida',
      body: 'La verificación en dos pasos protege tus inicios de sesión.',
      passkeyBody: 'Permite iniciar sesión en tu cuenta sin la contraseña.',
    },
    second_factor_removed: {
      totp: 'App de autenticación desactivada',
      passkey: 'Llave de acceso quitada',
      body: 'Si no fuiste tú, revisa tus ajustes de seguridad.',
    },
    recovery_codes_regenerated: {
      title: 'Nuevos códigos de recuperación',
      body: 'Los códigos anteriores ya no funcionan.',
    },
    recovery_code_used: {
      title: 'Se usó un código de recuperación',
      body_one: 'Te queda {{count}} código.',
      body_other: 'Te quedan {{count}} códigos.',
      none: 'No te quedan códigos: crea nuevos en tus ajustes de seguridad.',
    },
    second_factor_removal_scheduled: {
      title: 'La verificación en dos pasos se desactivará',
      body: 'Una solicitud de recuperación dijo que se perdieron todos los pasos: se desactiva el {{date}} salvo que la canceles.',
    },
    second_factor_kept: {
      title: 'La verificación en dos pasos sigue activada',
    },
    account_locked: {
      title: 'Inicio de sesión en pausa',
      body_one: 'Tras varios intentos fallidos, el inicio de sesión se pausó durante {{count}} minuto.',
      body_other: 'Tras varios intentos fallidos, el inicio de sesión se pausó durante {{count}} minutos.',
    },
    email_change_requested: {
      title: 'Solicitud de cambio de correo',
      body: 'Se envió un enlace para cancelarlo a tu dirección actual.',
    },
    email_changed: {
      title: 'Correo electrónico cambiado',
      body: 'Tu cuenta ahora inicia sesión con la nueva dirección.',
    },
    app_changed: {
      title: 'Se cambió una de tus aplicaciones',
      body: 'Se cambió la configuración de {{app}} en el Programa para desarrolladores.',
      review: '{{app}} se cambió; su nuevo nombre, descripción, logotipo o direcciones esperan revisión.',
    },
    app_change_decided: {
      approved: 'Cambio de aplicación aprobado',
      rejected: 'Cambio de aplicación rechazado',
      body: `${PRODUCT_NAME} revisó el cambio de {{app}}.`,
    },
    app_members_changed: {
      added: 'Se añadió un miembro a tu app',
      addedBody: '@{{who}} ahora puede ver y gestionar {{app}}.',
      removed: 'Se quitó un miembro de tu app',
      removedBody: '@{{who}} ya no gestiona {{app}}.',
      left: 'Un miembro dejó tu app',
      leftBody: '@{{who}} ya no gestiona {{app}}.',
      added_you: 'Te añadieron a una app',
      added_youBody:
        '@{{who}} te añadió a {{app}}: ahora puedes verla y gestionarla. Déjala en Miembros, en su página, si no lo esperabas.',
      added_youBodyUnnamed:
        'Te añadieron a {{app}}: ahora puedes verla y gestionarla. Déjala en Miembros, en su página, si no lo esperabas.',
      removed_you: 'Te quitaron de una app',
      removed_youBody: '@{{who}} te quitó de {{app}}. Ya no la gestionas.',
      removed_youBodyUnnamed: 'Ya no gestionas {{app}}: su propietario te quitó.',
      offered: 'Te han ofrecido una app',
      offeredBody: '@{{who}} te ofrece {{app}}. Acéptala o recházala en Miembros, en su página.',
      withdrawn: 'Se retiró la oferta de una app',
      withdrawnBody: '@{{who}} ya no te ofrece {{app}}.',
      declined: 'Rechazaron una oferta de tu app',
      declinedBody: '@{{who}} no quiso ser propietario de {{app}}.',
      transferred: 'Una app cambió de propietario',
      transferredBody: '{{app}} ahora pertenece a @{{who}}.',
    },
    app_registered: {
      title: 'Se registró una app a tu nombre',
      body: '{{app}} se registró con tu token de registro «{{token}}». Revoca el token si no fuiste tú.',
    },
    other: {
      title: 'Aviso de seguridad',
    },
  },
} satisfies Translation<typeof en>;
