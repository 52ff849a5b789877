import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { MESSAGES } from '@omnia/contracts/messages';

/** Strings shared by several screens. */
export const common = {
  productName: PRODUCT_NAME,
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  close: 'Close',
  loading: 'Loading...',
  returnHome: 'Return to Home',
  notFoundHeading: MESSAGES.notFoundHeading,
  notFoundText: MESSAGES.notFoundText,
  comingSoonPage: '{{name}} is on its way.',
  placeholder: '{{name}}',
  claimed: 'Claimed',
  alreadyClaimed: 'Already claimed',
  claimService: 'Claim service',
  messages: MESSAGES,
};
