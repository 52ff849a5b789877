import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './webhooks.en';

/** An app's webhook and its deliveries, on the app's page (German). */
export default {
  card: {
    title: 'Webhook',
    subtitle: `${PRODUCT_NAME} sendet signierte Ereignisse an Ihren Server, wenn Ihren Nutzern oder Ihrer App etwas passiert.`,
    none: 'Noch kein Webhook.',
    add: 'Webhook hinzufügen',
    edit: 'Bearbeiten',
    editLabel: 'Webhook bearbeiten',
    url: 'Endpunkt-URL',
    urlPlaceholder: 'https://example.com/webhooks/omnia',
    urlHint: 'Eine https-Adresse auf Ihrem Server (http nur für localhost während der Entwicklung).',
    events: 'Ereignisse',
    save: 'Webhook speichern',
    saving: 'Wird gespeichert…',
    cancel: 'Abbrechen',
    sendTest: 'Testereignis senden',
    rotate: 'Signaturgeheimnis erneuern',
    remove: 'Webhook entfernen',
    previousUntil: 'Das bisherige Signaturgeheimnis signiert Zustellungen noch bis {{date}}.',
    failed: 'Der Webhook konnte nicht geladen werden.',
    verifyHint: `Jede Zustellung trägt einen ${PRODUCT_NAME}-Signature-Header: einen HMAC-SHA256 über Zeitstempel und Inhalt mit Ihrem Signaturgeheimnis. Prüfen Sie ihn, bevor Sie dem Ereignis vertrauen.`,
  },
  events: {
    user_updated: {
      label: 'Profil geändert',
      hint: 'Eine Person, die Ihre App nutzt, hat Name, Benutzername, Bild oder E-Mail geändert.',
    },
    user_deleted: {
      label: 'Konto gelöscht',
      hint: 'Eine Person, die Ihre App genutzt hat, hat ihr Konto gelöscht.',
    },
    grant_revoked: {
      label: 'Zugriff entzogen',
      hint: 'Eine Person hat Ihre App unter Verbundene Apps entfernt.',
    },
    app_approved: { label: 'App freigegeben', hint: 'Ihre App wurde für alle freigegeben.' },
    app_rejected: { label: 'App abgelehnt', hint: 'Ihre App wurde abgelehnt.' },
    app_changes_reviewed: {
      label: 'Änderungen geprüft',
      hint: 'Eine Änderung, die auf Prüfung wartete, wurde freigegeben oder abgelehnt.',
    },
    ping: { label: 'Testereignis', hint: 'Wird gesendet, wenn Sie auf Testereignis senden drücken.' },
  },
  secret: {
    title: 'Signaturgeheimnis',
    once: 'Kopieren Sie es jetzt: Es wird nur dieses eine Mal angezeigt. Ihr Server prüft damit jede Zustellung.',
    done: 'Ich habe es kopiert',
  },
  rotateConfirm: {
    title: 'Signaturgeheimnis erneuern?',
    body: 'Ein neues Geheimnis wird erzeugt und einmal angezeigt. Das bisherige signiert 24 Stunden lang weiter, damit Sie das neue ohne verpasste Zustellung einführen können.',
    confirm: 'Erneuern',
    endsPrevious:
      'Das bei der letzten Rotation ersetzte Geheimnis signiert ab sofort nicht mehr, nicht erst ab {{date}}: Danach signieren nur das aktuelle und das neue.',
  },
  removeConfirm: {
    title: 'Diesen Webhook entfernen?',
    body: `${PRODUCT_NAME} sendet keine Ereignisse mehr an {{url}}. Noch nicht erfolgte Zustellungen entfallen.`,
    confirm: 'Entfernen',
  },
  deliveries: {
    title: 'Webhook-Zustellungen',
    subtitle: 'An Ihren Endpunkt gesendete Ereignisse, die neuesten zuerst.',
    empty: 'Noch keine Ereignisse gesendet.',
    failed: 'Die Zustellungen konnten nicht geladen werden.',
    delivered: 'Zugestellt',
    retrying: 'Neuer Versuch geplant',
    failed_state: 'Fehlgeschlagen',
    attempts_one: '{{count}} Versuch',
    attempts_other: '{{count}} Versuche',
    lastAnswer: 'Letzte Antwort: {{answer}}',
    nextAttempt: 'Nächster Versuch {{date}}',
    resend: 'Erneut senden',
    resendLabel: 'Das Ereignis {{event}} vom {{date}} erneut senden',
  },
} satisfies Translation<typeof en>;
