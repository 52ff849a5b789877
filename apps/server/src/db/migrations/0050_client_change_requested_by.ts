/**
 * Who asked for each change of an app (the accounts whose requests it holds). A change waiting for
 * review that a member asked for ends when that member leaves the app or is removed: the operator
 * must not publish the redirect URI of someone the owner no longer trusts.
 */
export const up = [`alter table oauth2_client_changes add column requested_by uuid[] not null default '{}'`];
