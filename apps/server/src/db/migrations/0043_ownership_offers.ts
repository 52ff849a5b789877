/**
 * An app is handed over only when its member accepts: the owner's offer waits on the member's row
 * (a removed member's offer goes with the row) and lapses after OWNERSHIP_OFFER_DAYS.
 */
export const up = ['alter table oauth2_client_members add column ownership_offered_at timestamptz'];
