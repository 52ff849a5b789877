import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** RP-initiated logout: an application asks to sign the person out of Omnia. */
export default {
  title: `Sign out of ${PRODUCT_NAME}?`,
  body: `An application asked to sign you out. You are signed out of it either way; choose whether to sign out of ${PRODUCT_NAME} in this browser too.`,
  confirm: 'Sign out',
  busy: 'Signing out...',
  stay: 'Stay signed in',
  failed: 'This sign-out request has expired. Start again from the application.',
  doneTitle: 'You are signed out',
  doneBody: `You have been signed out of ${PRODUCT_NAME} in this browser.`,
  signIn: 'Sign in',
  home: 'Return to Home',
};
