import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** The notification centre (the bell in the top navigation) and how each security notice reads. */
export default {
  title: 'Notifications',
  bell: 'Notifications',
  bellUnread_one: 'Notifications, {{count}} unread',
  bellUnread_other: 'Notifications, {{count}} unread',
  markAllRead: 'Mark all as read',
  unread: 'Unread',
  loading: 'Loading notifications…',
  unavailable: 'Notifications could not be loaded.',
  retry: 'Try again',
  markFailed: 'Could not mark the notification as read. Try again.',
  empty:
    'You have no notifications. Security notices — a new sign-in, a changed password, an app you allow — will appear here.',
  securitySettings: 'Security settings',
  unknown: 'Unknown',
  browserOn: '{{browser}} on {{os}}',
  kinds: {
    new_sign_in: {
      title: 'New sign-in to your account',
      body: 'From {{where}}.',
      bodyWithIp: 'From {{where}}, IP {{ip}}.',
    },
    password_changed: {
      title: 'Password changed',
      body: 'Your other sessions were signed out.',
    },
    password_reset: {
      title: 'Password reset',
      body: 'Reset with a link sent by email; every session was signed out.',
    },
    app_authorized: {
      title: 'App authorized',
      body: `{{app}} can now use your ${PRODUCT_NAME} account.`,
    },
    second_factor_added: {
      totp: 'Authenticator app turned on',
      passkey: 'Passkey added',
      body: 'Two-step verification protects your sign-ins.',
      passkeyBody: 'It signs in to your account without the password.',
    },
    second_factor_removed: {
      totp: 'Authenticator app turned off',
      passkey: 'Passkey removed',
      body: 'If this was not you, review your security settings.',
    },
    recovery_codes_regenerated: {
      title: 'New recovery codes made',
      body: 'The old codes no longer work.',
    },
    recovery_code_used: {
      title: 'A recovery code was used',
      body_one: '{{count}} code left.',
      body_other: '{{count}} codes left.',
      none: 'No codes left: make new ones in your security settings.',
    },
    second_factor_removal_scheduled: {
      title: 'Two-step verification will turn off',
      body: 'A recovery request said every second step was lost: it turns off on {{date}} unless you cancel it.',
    },
    second_factor_kept: {
      title: 'Two-step verification kept on',
    },
    account_locked: {
      title: 'Sign-in paused',
      body_one: 'After repeated failed attempts, sign-in was paused for {{count}} minute.',
      body_other: 'After repeated failed attempts, sign-in was paused for {{count}} minutes.',
    },
    email_change_requested: {
      title: 'Email address change requested',
      body: 'A link to cancel it was sent to your current address.',
    },
    email_changed: {
      title: 'Email address changed',
      body: 'Your account now signs in with its new address.',
    },
    app_changed: {
      title: 'One of your apps was changed',
      body: 'The settings of {{app}} were changed in the Developer Program.',
      review: '{{app}} was changed; its new name, description, logo or addresses wait for review.',
    },
    app_change_decided: {
      approved: 'App change approved',
      rejected: 'App change rejected',
      body: `${PRODUCT_NAME} reviewed the change of {{app}}.`,
    },
    app_members_changed: {
      added: 'A member was added to your app',
      addedBody: '@{{who}} can now see and manage {{app}}.',
      removed: 'A member was removed from your app',
      removedBody: '@{{who}} no longer manages {{app}}.',
      left: 'A member left your app',
      leftBody: '@{{who}} no longer manages {{app}}.',
      added_you: 'You were added to an app',
      added_youBody:
        '@{{who}} added you to {{app}}: you can now see and manage it. Leave it under Members on its page if you did not expect this.',
      added_youBodyUnnamed:
        'You were added to {{app}}: you can now see and manage it. Leave it under Members on its page if you did not expect this.',
      removed_you: 'You were removed from an app',
      removed_youBody: '@{{who}} removed you from {{app}}. You no longer manage it.',
      removed_youBodyUnnamed: 'You no longer manage {{app}}: its owner removed you.',
      offered: 'You were offered an app',
      offeredBody: '@{{who}} offers you {{app}}. Accept or decline it under Members on its page.',
      withdrawn: 'An offer of an app was withdrawn',
      withdrawnBody: '@{{who}} no longer offers you {{app}}.',
      declined: 'An offer of your app was declined',
      declinedBody: '@{{who}} declined to own {{app}}.',
      transferred: 'An app changed owner',
      transferredBody: '{{app}} now belongs to @{{who}}.',
    },
    app_registered: {
      title: 'An app was registered in your name',
      body: '{{app}} was registered with your registration token “{{token}}”. Revoke the token if it was not you.',
    },
    other: {
      title: 'Security notice',
    },
  },
};
