import { PRODUCT_NAME } from '@omnia/contracts/constants';
/** Who manages an app, on the app's page (English). */
export default {
  title: 'Members',
  subtitle:
    'People who manage this app with you. Members see its credentials and statistics and change its settings; only the owner deletes it, changes its members and offers it to one of them.',
  failed: 'The members could not be loaded.',
  owner: 'Owner',
  member: 'Member',
  you: 'you',
  noUsername: 'No username',
  addedOn: 'Added {{date}}',
  add: {
    label: 'Username',
    placeholder: '@username',
    hint: `The username of their ${PRODUCT_NAME} account.`,
    submit: 'Add member',
    adding: 'Adding…',
  },
  remove: 'Remove',
  removeLabel: 'Remove @{{who}}',
  leave: 'Leave app',
  transfer: 'Make owner',
  transferLabel: 'Make @{{who}} the owner',
  withdraw: 'Withdraw offer',
  withdrawLabel: 'Withdraw the offer to @{{who}}',
  accept: 'Accept ownership',
  decline: 'Decline',
  offeredTo: 'Offered the app, until {{date}}',
  offeredToYou: 'The owner offers you the app, until {{date}}',
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
  transferReplaces: 'Your offer to @{{other}} is withdrawn.',
  transferConfirm: {
    title: 'Offer {{app}} to @{{who}}?',
    body: '@{{who}} becomes its owner if they accept within 7 days: then only they can delete it and change its members, and their name shows as its publisher. You stay on as a member.',
    confirm: 'Send offer',
  },
  acceptConfirm: {
    title: 'Take ownership of {{app}}?',
    body: 'You will own it: only you can delete it and change its members, and your name shows as its publisher on consent screens. @{{owner}} stays on as a member.',
    confirm: 'Accept ownership',
  },
};
