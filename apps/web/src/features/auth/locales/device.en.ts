import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** The device page (RFC 8628): connecting a TV, console or terminal with the code it shows. */
export default {
  title: 'Connect a device',
  body: 'Enter the code shown on your TV, console or terminal. Next you will see which app asks, and decide.',
  codeLabel: 'Code',
  submit: 'Continue',
  loading: 'Loading…',
  tryAgain: 'Enter a code',
  doneTitle: 'Your device is connected',
  doneBody: 'Go back to your device: it is signed in. You can close this page.',
  home: `Go to ${PRODUCT_NAME}`,
};
