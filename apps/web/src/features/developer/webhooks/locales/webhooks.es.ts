import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './webhooks.en';

/** An app's webhook and its deliveries, on the app's page (Spanish). */
export default {
  card: {
    title: 'Webhook',
    subtitle: `${PRODUCT_NAME} envía eventos firmados a tu servidor cuando algo les pasa a tus usuarios o a tu app.`,
    none: 'Aún no hay webhook.',
    add: 'Añadir webhook',
    edit: 'Editar',
    editLabel: 'Editar webhook',
    url: 'URL del endpoint',
    urlPlaceholder: 'https://example.com/webhooks/omnia',
    urlHint: 'Una dirección https de tu servidor (http solo para localhost mientras desarrollas).',
    events: 'Eventos',
    save: 'Guardar webhook',
    saving: 'Guardando…',
    cancel: 'Cancelar',
    sendTest: 'Enviar evento de prueba',
    rotate: 'Rotar secreto de firma',
    remove: 'Eliminar webhook',
    previousUntil: 'El secreto de firma anterior también firma los envíos hasta el {{date}}.',
    failed: 'No se pudo cargar el webhook.',
    verifyHint: `Cada envío lleva una cabecera ${PRODUCT_NAME}-Signature: un HMAC-SHA256 de su marca de tiempo y su cuerpo con tu secreto de firma. Verifícala antes de fiarte del evento.`,
  },
  events: {
    user_updated: {
      label: 'Perfil actualizado',
      hint: 'Una persona que usa tu app cambió su nombre, usuario, foto o correo.',
    },
    user_deleted: { label: 'Cuenta eliminada', hint: 'Una persona que usó tu app eliminó su cuenta.' },
    grant_revoked: { label: 'Acceso revocado', hint: 'Una persona quitó tu app en Apps conectadas.' },
    app_approved: { label: 'App aprobada', hint: 'Tu app fue aprobada para todo el mundo.' },
    app_rejected: { label: 'App rechazada', hint: 'Tu app fue rechazada.' },
    app_changes_reviewed: {
      label: 'Cambios revisados',
      hint: 'Un cambio pendiente de revisión fue aprobado o rechazado.',
    },
    ping: { label: 'Evento de prueba', hint: 'Se envía al pulsar Enviar evento de prueba.' },
  },
  secret: {
    title: 'Secreto de firma',
    once: 'Cópialo ahora: solo se muestra esta vez. Tu servidor lo usa para verificar cada envío.',
    done: 'Ya lo he copiado',
  },
  rotateConfirm: {
    title: '¿Rotar el secreto de firma?',
    body: 'Se crea un secreto nuevo y se muestra una vez. El actual sigue firmando también durante 24 horas, para que despliegues el nuevo sin perder ningún envío.',
    confirm: 'Rotar',
    endsPrevious:
      'El secreto sustituido en la última rotación deja de firmar ahora, no el {{date}}: solo firmarán el actual y el nuevo.',
  },
  removeConfirm: {
    title: '¿Eliminar este webhook?',
    body: `${PRODUCT_NAME} deja de enviar eventos a {{url}}. Los envíos aún no hechos se descartan.`,
    confirm: 'Eliminar',
  },
  deliveries: {
    title: 'Envíos del webhook',
    subtitle: 'Eventos enviados a tu endpoint, primero los más recientes.',
    empty: 'Aún no se ha enviado ningún evento.',
    failed: 'No se pudieron cargar los envíos.',
    delivered: 'Entregado',
    retrying: 'Reintentando',
    failed_state: 'Fallido',
    attempts_one: '{{count}} intento',
    attempts_other: '{{count}} intentos',
    lastAnswer: 'Última respuesta: {{answer}}',
    nextAttempt: 'Próximo intento {{date}}',
    resend: 'Reenviar',
    resendLabel: 'Reenviar el evento {{event}} del {{date}}',
  },
} satisfies Translation<typeof en>;
