import type { Translation } from '@/lib/i18n';
import type en from './factors.en';

export default {
  twoStep: {
    title: 'Bestätigung in zwei Schritten',
    body: 'Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein.',
    recoveryBody: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder gilt einmal.',
    code: '6-stelliger Code',
    recoveryCode: 'Wiederherstellungscode',
    verify: 'Bestätigen',
    busy: 'Wird geprüft...',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
    useCode: 'Stattdessen die Authentifizierungs-App verwenden',
    back: 'Zurück zur Anmeldung',
    expired: 'Die Anmeldung hat zu lange gedauert. Geben Sie E-Mail-Adresse und Passwort erneut ein.',
  },
  confirm: {
    title: 'Bestätigen Sie, dass Sie es sind',
    bodyPassword: 'Geben Sie Ihr Passwort ein, um fortzufahren.',
    bodyCode: 'Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein, um fortzufahren.',
    password: 'Passwort',
    submit: 'Weiter',
    busy: 'Wird geprüft...',
    cancel: 'Abbrechen',
  },
  security: {
    removalNotice:
      'Ihr Passwort wurde per E-Mail zurückgesetzt, daher wird die Bestätigung in zwei Schritten am {{date}} deaktiviert. Wenn Sie Ihre Authentifizierungs-App noch haben, behalten Sie sie bei.',
    keep: 'Bestätigung in zwei Schritten beibehalten',
    kept: 'Die Bestätigung in zwei Schritten bleibt aktiv',
    title: 'Bestätigung in zwei Schritten',
    description:
      'Ein zweiter Schritt nach dem Passwort schützt Ihr Konto, selbst wenn das Passwort bekannt wird.',
    appTitle: 'Authentifizierungs-App',
    appOff:
      'Nutzen Sie eine App wie Google Authenticator, 1Password oder Aegis, um bei der Anmeldung einen 6-stelligen Code zu erhalten.',
    appOn: 'Aktiv seit {{date}}',
    setUp: 'Einrichten',
    turnOff: 'Deaktivieren',
    turnedOff: 'Authentifizierungs-App deaktiviert',
    setupTitle: 'Authentifizierungs-App einrichten',
    setupStep1:
      'Scannen Sie diesen QR-Code mit Ihrer Authentifizierungs-App oder geben Sie den Schlüssel von Hand ein.',
    qrAlt: 'QR-Code für Ihre Authentifizierungs-App',
    setupKey: 'Einrichtungsschlüssel',
    setupStep2: 'Geben Sie den 6-stelligen Code ein, den die App anzeigt.',
    verify: 'Bestätigen',
    turnedOn: 'Die Bestätigung in zwei Schritten ist aktiv',
    recoveryTitle: 'Wiederherstellungscodes',
    recoveryBody: '{{count}} von 10 übrig. Jeder gilt einmal, falls Sie Ihr Telefon verlieren.',
    recoveryNone: 'Wiederherstellungscodes kommen mit Ihrem ersten zweiten Schritt.',
    regenerate: 'Neue Codes erstellen',
    codesTitle: 'Speichern Sie Ihre Wiederherstellungscodes',
    codesBody:
      'Jeder Code gilt einmal, falls Sie den Zugang zu Ihrer Authentifizierungs-App verlieren. Sie werden nur jetzt angezeigt: Bewahren Sie sie sicher auf.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    download: 'Herunterladen',
    done: 'Ich habe sie gespeichert',
    fileName: 'omnia-wiederherstellungscodes.txt',
  },
} satisfies Translation<typeof en>;
