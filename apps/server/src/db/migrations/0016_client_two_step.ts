/**
 * Per-client 'Require two-step verification': off by default; when on, the app's users
 * must have and use a second factor before it gets a code (docs/integrators.md, acr).
 */
export const up = ['alter table oauth2_clients add column require_two_step boolean not null default false'];
