/**
 * Every e-mail text, English (the source). `{{product}}`, `{{email}}`, `{{resetUrl}}` and
 * `{{minutes}}` are filled in when a message is rendered; es.ts, fr.ts and de.ts must have the same keys.
 */
export const en = {
  layout: {
    buttonFallback: 'If the button does not work, copy this link into your browser:',
    footer:
      '{{product}}: one account for all your services. This is an automated message; replies are not read.',
    textFooter: '{{product}}: one account for all your services.',
  },
  verification: {
    subject: 'Confirm your {{product}} account',
    heading: 'Confirm your email address',
    intro:
      'Welcome to {{product}}! Please confirm that {{email}} is your address to finish creating your account.',
    action: 'Verify my email',
    expiry: 'This link works once and expires in 24 hours.',
    ignore: 'If you did not sign up, you can ignore this email.',
  },
  accountExists: {
    subject: 'Your {{product}} account',
    heading: 'You already have an account',
    intro:
      'Someone (hopefully you) tried to create a {{product}} account with {{email}}, but this address already has one.',
    signInInstead: 'If it was you, sign in instead. Forgot your password? Reset it at {{resetUrl}}',
    action: 'Sign in',
    ignore: 'If it was not you, you can ignore this email: your account has not been changed.',
  },
  passwordReset: {
    subject: 'Reset your {{product}} password',
    heading: 'Reset your password',
    intro: 'We received a request to reset the password of the {{product}} account for {{email}}.',
    action: 'Choose a new password',
    expiry:
      'This link works once and expires in 1 hour. Resetting your password signs out every session and removes your passkeys (add yours again afterwards); then review your connected apps in Settings → Security.',
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  accountLocked: {
    subject: 'Sign-in to your {{product}} account is paused',
    heading: 'Sign-in paused',
    paused:
      'After repeated failed attempts to sign in to the {{product}} account for {{email}}, sign-in is paused for {{minutes}} minutes.',
    pausedOne:
      'After repeated failed attempts to sign in to the {{product}} account for {{email}}, sign-in is paused for 1 minute.',
    notYou: 'If this wasn’t you, reset your password: someone may be trying to guess it.',
    action: 'Reset your password',
    wasYou: 'If it was you, you can sign in again once the pause is over.',
  },
  accountDeleted: {
    subject: 'Your {{product}} account was deleted',
    heading: 'Account deleted',
    deleted:
      'The {{product}} account for {{email}} was deleted, with its profile, its sessions, its apps and their access. Nothing of it is kept.',
    notYou:
      'If you did not delete it, someone had your password (and your second step, if two-step verification was on): secure this mailbox and any account that shares that password. You may sign up again with this address.',
  },
  emailChange: {
    confirmSubject: 'Confirm your new {{product}} email address',
    confirm:
      'Someone (hopefully you) asked to use {{email}} for a {{product}} account. Confirm it to make the change.',
    confirmAction: 'Confirm the new address',
    confirmExpiry: 'This link works once and expires in 24 hours. Until then the old address stays in use.',
    requestedSubject: 'A change of your {{product}} email address was requested',
    requested:
      'A change of the address of your {{product}} account from {{email}} to {{newEmail}} was requested.',
    cancelIntro:
      'If this wasn’t you, open the link: the change is cancelled (undone if it was made), every session of the account is signed out, apps lose their access, second steps added since are removed, and you set a new password.',
    cancelAction: 'Cancel the change',
    inUseSubject: 'Someone tried to use this address for another {{product}} account',
    inUse:
      'Someone asked to move another {{product}} account to {{email}}, which already has an account of its own. Nothing has changed: an address belongs to one account. If you have a second account, sign in to it to change its address.',
    changedSubject: 'Your {{product}} email address was changed',
    changed:
      'The address of your {{product}} account is now {{newEmail}} (it was {{email}}). If this wasn’t you, use the link in the earlier message to cancel the change within 7 days.',
  },
  notices: {
    appAuthorizedSubject: '{{app}} can now use your {{product}} account',
    appAuthorized:
      'You allowed {{app}} to use your {{product}} account ({{email}}). You can take this back at any time in Settings → Security → Connected apps.',
    newDeviceSubject: 'New sign-in to your {{product}} account',
    newDevice:
      '{{email}} was just signed in to from a device it has not used before: {{device}}, from {{ip}}, at {{time}}.',
    newDeviceWasYou: 'If it was you, there is nothing to do.',
    passwordChangedSubject: 'Your {{product}} password was changed',
    passwordChanged:
      'The password of {{email}} was changed at {{time}}. Your other sessions were signed out.',
    notYou:
      'If this wasn’t you, reset your password at once, then review your connected apps and two-step verification in Settings → Security, and the members of your apps in the Developer Program.',
    action: 'Review your security settings',
    unknownPlace: 'an unknown address',
  },
  secondFactor: {
    removalSubject: 'Two-step verification will turn off in 7 days',
    removal:
      'Someone who knew the password of {{email}} said every second step was lost and asked to turn two-step verification off. It turns off on {{date}}.',
    removalKeep:
      "If this wasn’t you, sign in with your authenticator app, a recovery code or a passkey, or press 'Cancel the request' in Settings → Security: two-step verification stays on. Then change your password: someone knows it.",
    addedSubject: 'Two-step verification is on for your {{product}} account',
    added:
      'A new second step was added for {{email}}: {{method}}. Signing in now asks for a second step after the password.',
    passkeyAddedSubject: 'A passkey was added to your {{product}} account',
    passkeyAdded: 'A passkey was added to {{email}}. It signs in to the account without the password.',
    passkeyRemovedSubject: 'A passkey was removed from your {{product}} account',
    passkeyRemoved: 'A passkey was removed from {{email}}. It no longer signs in.',
    keptSubject: 'Two-step verification stays on for your {{product}} account',
    kept: 'The request to turn two-step verification off for {{email}} was cancelled. Signing in still asks for a second step after the password.',
    removedSubject: 'A second step was removed from your {{product}} account',
    removed: 'The {{method}} was removed from the second steps of {{email}}.',
    regeneratedSubject: 'New recovery codes for your {{product}} account',
    regenerated: 'New recovery codes were made for {{email}}. The old ones no longer work.',
    codeUsedSubject: 'A recovery code of your {{product}} account was used',
    codeUsed: 'A recovery code of {{email}} was used, to sign in or to confirm it’s you.',
    codesLeft: 'Recovery codes left: {{count}}.',
    lastCodeUsed:
      'That was the last one: make new recovery codes in Settings → Security so you are never locked out.',
    authenticatorApp: 'authenticator app',
    action: 'Review your security settings',
    passkeyNotYou:
      'If this wasn’t you, someone has your password: reset it at once (a reset also removes every passkey).',
    notYou:
      'If this wasn’t you, someone has your password: reset it at once. If they turned on an authenticator app you do not have, signing in will ask for it: choose “Lost your authenticator app and recovery codes?” at the second step (possible from 7 days after a reset; two-step verification then turns off 7 days later).',
  },
};

/** The shape every language's catalogue must have: the English keys, each a string. */
export type MailStrings = {
  readonly [G in keyof typeof en]: { readonly [K in keyof (typeof en)[G]]: string };
};
