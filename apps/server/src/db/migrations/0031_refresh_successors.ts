/**
 * A rotated refresh token remembers, for a short window, the successor it was exchanged for,
 * sealed with a key only the rotated token opens (oauth/store/refresh-retries.ts): a retry of the
 * same refresh gets the same successor instead of ending the grant.
 */
export const up = ['alter table oidc_models add column successor text'];
