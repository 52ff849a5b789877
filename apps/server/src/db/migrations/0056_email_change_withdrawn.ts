/**
 * A change withdrawn before its confirmation (cancelled in Settings, replaced by a new request,
 * ended by 'Sign out all other sessions' or a reset) is marked: its confirm link is dead, but the
 * old address's link still gives the owner the account back, once, as its mail promised. Whoever
 * asked knows the password and must not be able to take that link away by withdrawing.
 */
export const up = [`alter table email_changes add column withdrawn_at timestamptz`];
