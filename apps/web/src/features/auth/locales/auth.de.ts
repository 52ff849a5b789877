import type { Translation } from '@/lib/i18n';
import type en from './auth.en';

export default {
  email: 'E-Mail',
  password: 'Passwort',
  confirmPassword: 'Passwort bestätigen',
  newPassword: 'Neues Passwort',
  confirmNewPassword: 'Neues Passwort bestätigen',
  emailPlaceholder: 'sie@beispiel.de',
  needsJavaScript:
    'Dieses Formular braucht JavaScript. Schalten Sie es in den Einstellungen Ihres Browsers ein, um fortzufahren.',
  login: {
    emailKept:
      'Die Änderung Ihrer E-Mail-Adresse wurde abgebrochen und alle Sitzungen wurden abgemeldet. Melden Sie sich mit Ihrer Adresse an.',
    title: 'Willkommen zurück',
    subtitle: 'Melden Sie sich bei Ihrem Konto an',
    forgot: 'Passwort vergessen?',
    submit: 'Anmelden',
    busy: 'Anmeldung läuft …',
    noAccount: 'Noch kein Konto?',
    signUp: 'Registrieren',
    success: 'Angemeldet!',
  },
  signup: {
    title: 'Konto erstellen',
    subtitle: 'Schritt 1 von 3',
    submit: 'Konto erstellen',
    busy: 'Konto wird erstellt …',
    haveAccount: 'Sie haben bereits ein Konto?',
    login: 'Anmelden',
    steps: ['Konto', 'Identität', 'Personalisieren'],
  },
  verify: {
    title: 'E-Mail-Bestätigung erforderlich',
    body: 'Wir haben einen Bestätigungslink gesendet an',
    hint: 'Öffnen Sie den Link in der E-Mail, um Ihre Adresse zu bestätigen, und fahren Sie dann hier fort.',
    resend: 'Bestätigungs-E-Mail erneut senden',
    cooldown: 'Erneut senden in {{n}} s',
    signIn: 'Anmelden',
  },
  callback: {
    title: 'Ihr Konto wird bestätigt',
    errorTitle: 'Authentifizierungsfehler',
    redirecting: 'Weiterleitung zur Anmeldeseite …',
  },
  forgot: {
    title: 'Passwort vergessen',
    subtitle:
      'Geben Sie Ihre E-Mail-Adresse ein, und wir senden Ihnen einen Link zum Zurücksetzen Ihres Passworts.',
    submit: 'Link zum Zurücksetzen senden',
    busy: 'Wird gesendet …',
    back: 'Zurück zur Anmeldung',
    sentTitle: 'Prüfen Sie Ihre E-Mails',
    sentBody: 'Falls es ein Konto für {{email}} gibt, ist ein Link zum Zurücksetzen des Passworts unterwegs.',
  },
  reset: {
    title: 'Passwort zurücksetzen',
    submit: 'Passwort aktualisieren',
    busy: 'Wird aktualisiert …',
    checking: 'Ihr Link wird geprüft …',
    missing: 'Diese Seite braucht den Link aus der E-Mail zum Zurücksetzen des Passworts.',
    expired: 'Dieser Link zum Zurücksetzen ist abgelaufen.',
    used: 'Dieser Link zum Zurücksetzen wurde bereits verwendet.',
    invalid: 'Dieser Link zum Zurücksetzen ist ungültig.',
    requestNew: 'Einen neuen anfordern',
  },
} satisfies Translation<typeof en>;
