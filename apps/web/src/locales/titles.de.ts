import type { Translation } from '@/lib/i18n';
import type en from './titles.en';

export default {
  landing: 'Ein Konto für alle Ihre Dienste',
  login: 'Anmelden',
  signUp: 'Konto erstellen',
  identity: 'Identität einrichten',
  setup: 'Erlebnis personalisieren',
  verificationRequired: 'E-Mail-Adresse bestätigen',
  authCallback: 'Konto wird bestätigt',
  confirmEmail: 'Neue E-Mail-Adresse bestätigen',
  cancelEmailChange: 'Konto absichern',
  forgotPassword: 'Passwort vergessen',
  resetPassword: 'Passwort zurücksetzen',
  signOut: 'Abmelden',
  device: 'Gerät verbinden',
  dashboard: 'Dashboard',
  settings: 'Einstellungen',
  profile: 'Profil',
  authorize: 'Autorisierungsanfrage',
  authorizeError: 'Autorisierungsfehler',
  developer: 'Entwickler-Dashboard',
  registerClient: 'Anwendung registrieren',
  clientDetail: 'Anwendungsdetails',
  registerApi: 'API registrieren',
  apiDetail: 'API-Details',
  notFound: 'Seite nicht gefunden',
} satisfies Translation<typeof en>;
