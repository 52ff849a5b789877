import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './activity.en';

/** What the app's page reports of its traffic: recent errors and logout deliveries (German). */
export default {
  logoutDeliveries: {
    title: 'Logout-Zustellungen',
    subtitle: 'An Ihre Back-Channel-Logout-URI gesendete Logout-Tokens, die neuesten zuerst.',
    empty: 'Noch keine Logout-Tokens gesendet.',
    failed: 'Die Zustellungen konnten nicht geladen werden.',
    delivered: 'Zugestellt',
    retrying: 'Wird erneut versucht',
    failed_state: 'Fehlgeschlagen',
    attempts_one: '{{count}} Versuch',
    attempts_other: '{{count}} Versuche',
    lastAnswer: 'Letzte Antwort: {{answer}}',
    nextAttempt: 'Nächster Versuch {{date}}',
    withSid: 'mit sid',
    reasons: {
      session_ended: `Von ${PRODUCT_NAME} abgemeldet`,
      rp_logout: 'Über die App abgemeldet',
      app_revoked: 'Zugriff widerrufen',
      account_deleted: 'Konto gelöscht',
    },
  },
  recentErrors: {
    title: 'Letzte Fehler',
    subtitle: `Was ${PRODUCT_NAME} von den Anfragen dieser App in den letzten 7 Tagen abgelehnt hat, die neuesten zuerst.`,
    empty: 'Keine Fehler in den letzten 7 Tagen.',
    failed: 'Die Fehler konnten nicht geladen werden.',
    endpoint: 'am Endpunkt {{endpoint}}',
  },
} satisfies Translation<typeof en>;
