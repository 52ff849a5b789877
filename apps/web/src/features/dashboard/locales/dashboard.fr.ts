import type { Translation } from '@/lib/i18n';
import type en from './dashboard.en';

export default {
  welcome: 'Bienvenue, {{name}}',
  user: 'Utilisateur',
  subtitle: 'Gérez et accédez à tous vos services en un seul endroit',
  servicesHeading: 'Services disponibles',
  servicesFailed: 'Impossible de charger les services',
  profile: {
    edit: 'Modifier le profil',
    manageAccount: 'Gérer le compte',
    privacySettings: 'Paramètres de confidentialité',
  },
} satisfies Translation<typeof en>;
