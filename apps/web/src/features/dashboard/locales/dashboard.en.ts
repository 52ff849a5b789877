import { DEFAULT_USERNAME_LABEL } from '@omnia/contracts/constants';

/** Dashboard strings (SPEC 'Dashboard'); service names and descriptions live in `common`. */
export default {
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
