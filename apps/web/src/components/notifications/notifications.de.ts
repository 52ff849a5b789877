import { PRODUCT_NAME } from '@omnia/contracts/constants';
import type { Translation } from '@/lib/i18n';
import type en from './notifications.en';

export default {
  title: 'Benachrichtigungen',
  bell: 'Benachrichtigungen',
  bellUnread_one: 'Benachrichtigungen, {{count}} ungelesen',
  bellUnread_other: 'Benachrichtigungen, {{count}} ungelesen',
  markAllRead: 'Alle als gelesen markieren',
  unread: 'Ungelesen',
  loading: 'Benachrichtigungen werden geladen…',
  unavailable: 'Die Benachrichtigungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  markFailed: 'Die Benachrichtigung konnte nicht als gelesen markiert werden. Versuchen Sie es erneut.',
  empty:
    'Sie haben keine Benachrichtigungen. Sicherheitshinweise (eine neue Anmeldung, ein geändertes Passwort, eine erlaubte App) erscheinen hier.',
  securitySettings: 'Sicherheitseinstellungen',
  unknown: 'Unbekannt',
  browserOn: '{{browser}} unter {{os}}',
  kinds: {
    new_sign_in: {
      title: 'Neue Anmeldung bei Ihrem Konto',
      body: 'Von {{where}}.',
      bodyWithIp: 'Von {{where}}, IP {{ip}}.',
    },
    password_changed: {
      title: 'Passwort geändert',
      body: 'Ihre anderen Sitzungen wurden abgemeldet.',
    },
    password_reset: {
      title: 'Passwort zurückgesetzt',
      body: 'Mit einem per E-Mail gesendeten Link zurückgesetzt; alle Sitzungen wurden abgemeldet.',
    },
    app_authorized: {
      title: 'App autorisiert',
      body: `{{app}} kann jetzt Ihr ${PRODUCT_NAME}-Konto verwenden.`,
    },
    second_factor_added: {
      totp: 'Authenticator-App aktiviert',
      passkey: 'Passkey hinzugefügt',
      body: 'Die Bestätigung in zwei Schritten schützt Ihre Anmeldungen.',
      passkeyBody: 'Er meldet Sie ohne Passwort bei Ihrem Konto an.',
    },
    second_factor_removed: {
      totp: 'Authenticator-App deaktiviert',
      passkey: 'Passkey entfernt',
      body: 'Wenn Sie das nicht waren, prüfen Sie Ihre Sicherheitseinstellungen.',
    },
    recovery_codes_regenerated: {
      title: 'Neue Wiederherstellungscodes erstellt',
      body: 'Die alten Codes funktionieren nicht mehr.',
    },
    recovery_code_used: {
      title: 'Ein Wiederherstellungscode wurde verwendet',
      body_one: 'Noch {{count}} Code übrig.',
      body_other: 'Noch {{count}} Codes übrig.',
      none: 'Keine Codes mehr übrig: Erstellen Sie neue in Ihren Sicherheitseinstellungen.',
    },
    second_factor_removal_scheduled: {
      title: 'Die Bestätigung in zwei Schritten wird deaktiviert',
      body: 'Ein Wiederherstellungsantrag gab an, alle zweiten Schritte seien verloren: Sie wird am {{date}} deaktiviert, sofern Sie nicht abbrechen.',
    },
    second_factor_kept: {
      title: 'Bestätigung in zwei Schritten bleibt aktiv',
    },
    account_locked: {
      title: 'Anmeldung pausiert',
      body_one: 'Nach wiederholten Fehlversuchen wurde die Anmeldung für {{count}} Minute pausiert.',
      body_other: 'Nach wiederholten Fehlversuchen wurde die Anmeldung für {{count}} Minuten pausiert.',
    },
    email_change_requested: {
      title: 'Änderung der E-Mail-Adresse angefordert',
      body: 'Ein Link zum Abbrechen wurde an Ihre aktuelle Adresse gesendet.',
    },
    email_changed: {
      title: 'E-Mail-Adresse geändert',
      body: 'Ihr Konto meldet sich jetzt mit der neuen Adresse an.',
    },
    app_changed: {
      title: 'Eine Ihrer Apps wurde geändert',
      body: 'Die Einstellungen von {{app}} wurden im Entwicklerprogramm geändert.',
      review:
        '{{app}} wurde geändert; der neue Name, die Beschreibung, das Logo oder die Adressen warten auf Prüfung.',
    },
    app_change_decided: {
      approved: 'App-Änderung freigegeben',
      rejected: 'App-Änderung abgelehnt',
      body: `${PRODUCT_NAME} hat die Änderung von {{app}} geprüft.`,
    },
    app_members_changed: {
      added: 'Ihrer App wurde ein Mitglied hinzugefügt',
      addedBody: '@{{who}} kann {{app}} jetzt sehen und verwalten.',
      removed: 'Ein Mitglied wurde aus Ihrer App entfernt',
      removedBody: '@{{who}} verwaltet {{app}} nicht mehr.',
      left: 'Ein Mitglied hat Ihre App verlassen',
      leftBody: '@{{who}} verwaltet {{app}} nicht mehr.',
      added_you: 'Sie wurden einer App hinzugefügt',
      added_youBody:
        '@{{who}} hat Sie zu {{app}} hinzugefügt: Sie können sie jetzt sehen und verwalten. Verlassen Sie sie unter „Mitglieder“ auf ihrer Seite, wenn Sie das nicht erwartet haben.',
      added_youBodyUnnamed:
        'Sie wurden zu {{app}} hinzugefügt: Sie können sie jetzt sehen und verwalten. Verlassen Sie sie unter „Mitglieder“ auf ihrer Seite, wenn Sie das nicht erwartet haben.',
      removed_you: 'Sie wurden aus einer App entfernt',
      removed_youBody: '@{{who}} hat Sie aus {{app}} entfernt. Sie verwalten sie nicht mehr.',
      removed_youBodyUnnamed: 'Sie verwalten {{app}} nicht mehr: Der Eigentümer hat Sie entfernt.',
      offered: 'Ihnen wurde eine App angeboten',
      offeredBody:
        '@{{who}} bietet Ihnen {{app}} an. Nehmen Sie sie unter „Mitglieder“ auf ihrer Seite an oder lehnen Sie ab.',
      withdrawn: 'Ein App-Angebot wurde zurückgezogen',
      withdrawnBody: '@{{who}} bietet Ihnen {{app}} nicht mehr an.',
      declined: 'Ein Angebot Ihrer App wurde abgelehnt',
      declinedBody: '@{{who}} möchte {{app}} nicht übernehmen.',
      transferred: 'Eine App hat den Eigentümer gewechselt',
      transferredBody: '{{app}} gehört jetzt @{{who}}.',
    },
    app_registered: {
      title: 'Eine App wurde in deinem Namen registriert',
      body: '{{app}} wurde mit deinem Registrierungstoken „{{token}}“ registriert. Widerrufe das Token, wenn du es nicht warst.',
    },
    other: {
      title: 'Sicherheitshinweis',
    },
  },
} satisfies Translation<typeof en>;
