/**
 * The way back when every second factor is lost (docs/security.md): a password reset by e-mail
 * turns two-step verification off after a 24-hour delay announced to the owner, unless a sign-in
 * with the second factor keeps it on before then.
 */
export const up = ['alter table totp_factors add column removal_after timestamptz'];
