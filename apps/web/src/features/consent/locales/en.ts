/** Authorization screen strings (SPEC §2 'Authorization screen'). */
export const en = {
  title: 'Authorization Request',
  cancel: 'Cancel',
  validating: 'Validating request...',
  errorTitle: 'Authorization Error',
  returnHome: 'Return to Home',
  authRequiredTitle: 'Authentication Required',
  authRequiredBody: 'Sign in to your account to continue to the application.',
  signIn: 'Sign In',
  defaultDescription: 'wants to access your account',
  willAllow: 'This will allow {{app}} to:',
  allow: 'Allow',
  deny: 'Deny',
  signedInAs: 'Signed in as {{email}}',
  trustNote: 'Only allow access to applications you trust. You can revoke access at any time in Settings.',
  appLogoAlt: '{{app}} logo',
  redirecting: 'Redirecting...',
  scopes: {
    openid: 'Sign you in with your account',
    profile: 'View your profile (name, username, avatar)',
    email: 'View your email address',
  },
};
