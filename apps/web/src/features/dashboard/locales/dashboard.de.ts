import type { Translation } from '@/lib/i18n';
import type en from './dashboard.en';

export default {
  welcome: 'Willkommen, {{name}}',
  user: 'Benutzer',
  subtitle: 'Verwalten und nutzen Sie alle Ihre Dienste an einem Ort',
  servicesHeading: 'Verfügbare Dienste',
  servicesFailed: 'Dienste konnten nicht geladen werden',
  profile: {
    edit: 'Profil bearbeiten',
    manageAccount: 'Konto verwalten',
    privacySettings: 'Datenschutzeinstellungen',
  },
} satisfies Translation<typeof en>;
