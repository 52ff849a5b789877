/**
 * When the session that asked for an e-mail change signed in: cancelling the change removes the
 * second factors added since then (whoever asked may have added theirs before asking).
 */
export const up = ['alter table email_changes add column requester_signed_in_at timestamptz'];
