import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './activity.en';

/** What the app's page reports of its traffic: recent errors and logout deliveries (Spanish). */
export default {
  logoutDeliveries: {
    title: 'Envíos de cierre de sesión',
    subtitle: 'Tokens de cierre de sesión enviados a tu URI back-channel, primero los más recientes.',
    empty: 'Aún no se ha enviado ningún token.',
    failed: 'No se pudieron cargar los envíos.',
    delivered: 'Entregado',
    retrying: 'Reintentando',
    failed_state: 'Fallido',
    attempts_one: '{{count}} intento',
    attempts_other: '{{count}} intentos',
    lastAnswer: 'Última respuesta: {{answer}}',
    nextAttempt: 'Próximo intento {{date}}',
    withSid: 'con sid',
    reasons: {
      session_ended: `Cerró sesión en ${PRODUCT_NAME}`,
      rp_logout: 'Cerró sesión desde la app',
      app_revoked: 'Acceso revocado',
      account_deleted: 'Cuenta eliminada',
    },
  },
  recentErrors: {
    title: 'Errores recientes',
    subtitle: `Lo que ${PRODUCT_NAME} rechazó de las solicitudes de esta app en los últimos 7 días, primero lo más reciente.`,
    empty: 'Ningún error en los últimos 7 días.',
    failed: 'No se pudieron cargar los errores.',
    endpoint: 'en el endpoint {{endpoint}}',
  },
} satisfies Translation<typeof en>;
