/** Who manages an app, on the app's page (English). */
export default {
  title: 'Members',
  subtitle:
    'People who manage this app with you. Members see its credentials and statistics and change its settings; only the owner deletes or transfers it and changes its members.',
  failed: 'The members could not be loaded.',
  owner: 'Owner',
  member: 'Member',
  you: 'you',
  noUsername: 'No username',
  addedOn: 'Added {{date}}',
  add: {
    label: 'Username',
    placeholder: '@username',
    hint: 'The username of their Omnia account.',
    submit: 'Add member',
    adding: 'Adding…',
  },
  remove: 'Remove',
  removeLabel: 'Remove @{{who}}',
  leave: 'Leave app',
  transfer: 'Make owner',
  transferLabel: 'Make @{{who}} the owner',
  cancel: 'Cancel',
  removeConfirm: {
    title: 'Remove @{{who}}?',
    body: '@{{who}} will no longer see or manage {{app}}.',
    confirm: 'Remove',
  },
  leaveConfirm: {
    title: 'Leave {{app}}?',
    body: 'You will no longer see or manage it. Only its owner can add you again.',
    confirm: 'Leave app',
  },
  transferConfirm: {
    title: 'Make @{{who}} the owner?',
    body: '@{{who}} will own {{app}}: only they can delete it, transfer it and change its members. You stay on as a member.',
    confirm: 'Transfer',
  },
};
