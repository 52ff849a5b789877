import type { Translation } from '@/lib/i18n';
import type en from './dashboard.en';

export default {
  welcome: 'Hola, {{name}}',
  user: 'Usuario',
  subtitle: 'Gestiona y accede a todos tus servicios en un solo lugar',
  servicesHeading: 'Servicios disponibles',
  servicesFailed: 'No se han podido cargar los servicios',
  profile: {
    edit: 'Editar perfil',
    manageAccount: 'Gestionar cuenta',
    privacySettings: 'Configuración de privacidad',
  },
} satisfies Translation<typeof en>;
