/**
 * Accounts hardening.
 * - rate_limits.pending: attempts reserved but not yet settled (a password being checked), so a
 *   success clears the failures before it without freeing the slots of attempts still in flight.
 * - email_tokens.browser_nonce_hash: the SHA-256 of the nonce cookie given to the browser that
 *   asked for a verification link; only that browser is signed in by the link.
 */
export const up = [
  'alter table rate_limits add column pending integer not null default 0',
  'alter table email_tokens add column browser_nonce_hash text',
];
