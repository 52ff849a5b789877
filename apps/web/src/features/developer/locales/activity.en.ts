import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** What the app's page reports of its traffic: recent errors and logout deliveries (English). */
export default {
  logoutDeliveries: {
    title: 'Logout deliveries',
    subtitle: 'Logout tokens sent to your back-channel logout URI, newest first.',
    empty: 'No logout tokens sent yet.',
    failed: 'The deliveries could not be loaded.',
    delivered: 'Delivered',
    retrying: 'Retrying',
    failed_state: 'Failed',
    attempts_one: '{{count}} attempt',
    attempts_other: '{{count}} attempts',
    lastAnswer: 'Last answer: {{answer}}',
    nextAttempt: 'Next try {{date}}',
    withSid: 'with sid',
    reasons: {
      session_ended: `Signed out of ${PRODUCT_NAME}`,
      rp_logout: 'Signed out through the app',
      app_revoked: 'Access revoked',
      account_deleted: 'Account deleted',
    },
  },
  recentErrors: {
    title: 'Recent errors',
    subtitle: `What ${PRODUCT_NAME} refused of this app’s requests in the last 7 days, newest first.`,
    empty: 'No errors in the last 7 days.',
    failed: 'The errors could not be loaded.',
    endpoint: 'at the {{endpoint}} endpoint',
  },
};
