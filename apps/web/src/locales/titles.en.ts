/**
 * Each screen's name in the browser's tab and history (lib/document-title.ts adds ' · Omnia').
 * The footer's pages take their titles from their own headings (the `pages` and `legal` namespaces).
 */
export default {
  landing: 'One account for all your services',
  login: 'Sign in',
  signUp: 'Create account',
  identity: 'Set up your identity',
  setup: 'Personalize your experience',
  verificationRequired: 'Verify your email',
  authCallback: 'Verifying your account',
  confirmEmail: 'Confirm your new email',
  cancelEmailChange: 'Secure your account',
  forgotPassword: 'Forgot password',
  resetPassword: 'Reset password',
  signOut: 'Sign out',
  device: 'Connect a device',
  dashboard: 'Dashboard',
  settings: 'Settings',
  profile: 'Profile',
  authorize: 'Authorization request',
  authorizeError: 'Authorization error',
  developer: 'Developer Dashboard',
  registerClient: 'Register an application',
  clientDetail: 'Application details',
  registerApi: 'Register an API',
  apiDetail: 'API details',
  notFound: 'Page not found',
};
