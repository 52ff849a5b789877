/**
 * The browser a verification link may sign in without a password is the one whose sign-up set the
 * account's password (its nonce's hash, on the account): a resent link is bound to it too. A
 * resend from any browser used to bind its link to that browser, so the owner of a squatted
 * address, verifying there, kept the squatter's password. Resend requests no longer write
 * link_requests.browser_nonce_hash, which stays (an instance of the version before, during a
 * rolling upgrade, still writes it).
 */
export const up = ['alter table users add column signup_nonce_hash text'];
