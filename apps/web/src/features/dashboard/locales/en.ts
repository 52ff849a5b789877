import { DEFAULT_USERNAME_LABEL } from '@omnia/contracts/constants';
import { registerNamespace } from '@/lib/i18n';

/** Dashboard strings (SPEC 'Dashboard'); service names and descriptions live in `common`. */
export const dashboardEn = {
  docTitle: 'Dashboard | {{product}}',
  welcome: 'Welcome, {{name}}',
  user: DEFAULT_USERNAME_LABEL,
  subtitle: 'Manage and access all your services in one place',
  servicesHeading: 'Available Services',
  servicesFailed: 'Failed to load services',
  profile: {
    edit: 'Edit Profile',
    manageAccount: 'Manage Account',
    privacySettings: 'Privacy Settings',
  },
};

registerNamespace('dashboard', dashboardEn);
