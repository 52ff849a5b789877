/** Dynamic client registration on the Developer Dashboard (English). */
export default {
  tab: 'Registration',
  title: 'Registration tokens',
  intro:
    'A tool (a deployment script, a CI pipeline, a platform that creates apps for you) registers apps with one of these tokens at {{endpoint}} (RFC 7591). Its apps start in testing mode, owned by you, like the ones you register here; each comes with a registration access token that reads, updates and deletes it (RFC 7592).',
  create: {
    title: 'New registration token',
    label: 'Name',
    placeholder: 'Deploy pipeline',
    lifetime: 'Expires after',
    lifetimes: { '1d': '1 day', '7d': '7 days', '30d': '30 days' },
    maxUses: 'Apps it may register',
    submit: 'Create token',
    creating: 'Creating…',
  },
  once: 'Copy this token now: it is shown once. Anyone who holds it can register apps in your name until it expires.',
  tokenLabel: 'Registration token',
  created: 'Registration token created',
  empty: 'No registration tokens. Apps you register under My Applications need none.',
  failed: 'The registration tokens could not be loaded.',
  row: {
    uses: '{{uses}} of {{max}} apps registered',
    expires: 'Expires {{date}}',
    revoke: 'Revoke',
    revokeLabel: 'Revoke {{label}}',
  },
  revokeConfirm: {
    title: 'Revoke {{label}}?',
    body: 'It registers no more apps. The apps it registered stay, with their own credentials.',
    confirm: 'Revoke token',
    cancel: 'Cancel',
  },
  revoked: 'Registration token revoked',
};
