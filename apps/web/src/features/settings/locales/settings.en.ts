import { OAUTH_SCOPE_LABELS } from '@omnia/contracts/constants';
import { SECURITY_EVENT_LABELS } from '@omnia/contracts/security';

/** Settings (Account and Security tabs) and Profile strings (SPEC 'Settings'). */
export default {
  title: 'Settings',
  tabs: { account: 'Account', security: 'Security' },
  account: {
    fullName: 'Full Name',
    username: 'Username',
    email: 'Email Address',
    joined: 'Joined',
    bio: 'Bio',
    notSet: 'Not set',
    notAvailable: 'Not available',
    unknown: 'Unknown',
    noBio: 'No bio provided',
    editProfile: 'Edit Profile',
  },
  security: {
    emailVerified: 'Email verified',
    emailNotVerified: 'Email not verified',
    activeSessions: 'Active sessions',
    connectedApps: 'Connected apps',
    recentSignIns: 'Recent sign-ins',
    activity: 'Security activity',
  },
  password: {
    button: 'Change Password',
    title: 'Change Password',
    description: 'Enter your current password, then choose a new one.',
    current: 'Current Password',
    new: 'New Password',
    submit: 'Update Password',
    submitting: 'Updating...',
  },
  clientId: {
    label: 'Client ID',
    none: 'No client registered yet',
    developerProgram: 'Developer Program',
  },
  /** Device and system names the server could not tell ('Unknown'). */
  unknown: 'Unknown',
  /** A session's browser and system, e.g. 'Chrome on Linux'. */
  browserOn: '{{browser}} on {{os}}',
  sessions: {
    unavailable: 'Active sessions are unavailable.',
    thisDevice: 'This device',
    unknownAddress: 'Unknown address',
    active: 'active {{when}}',
    signOut: 'Sign out',
    signOutOthers: 'Sign out all other sessions',
    signedOut: 'Session signed out',
    signOutFailed: 'Failed to sign out the session',
    othersSignedOut_one: '{{count}} other session signed out',
    othersSignedOut_other: '{{count}} other sessions signed out',
    signOutOthersFailed: 'Failed to sign out the other sessions',
  },
  signIns: {
    unavailable: 'Recent sign-ins are unavailable.',
    empty: 'No sign-ins recorded yet.',
  },
  activity: {
    unavailable: 'Security activity is unavailable.',
    empty: 'No security activity yet.',
    loadMore: 'Load more',
    attempts_one: '{{count}} attempt',
    attempts_other: '{{count}} attempts',
    sessions_one: '{{count}} session',
    sessions_other: '{{count}} sessions',
    /** What happened, by event kind (English from the contracts). */
    events: SECURITY_EVENT_LABELS,
  },
  apps: {
    unavailable: 'Connected apps are unavailable.',
    empty: 'You have not authorized any apps.',
    authorized: 'Authorized {{date}}',
    revoke: 'Revoke',
    revoked: 'Access revoked',
    revokeFailed: 'Failed to revoke access',
    canLabel: 'What it can do',
    /** What each granted scope allows (English from the contracts). */
    scopes: OAUTH_SCOPE_LABELS,
  },
  profile: {
    docTitle: 'Profile | {{product}}',
    dateOfBirth: 'Date of Birth',
    aboutMe: 'About Me',
    notSet: 'Not set',
    noBio: 'No bio provided',
    edit: 'Edit Profile',
    save: 'Save Changes',
    cancel: 'Cancel',
    updated: 'Profile updated',
  },
};
