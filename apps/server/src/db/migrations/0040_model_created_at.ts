/**
 * When each engine row was first written, on the database clock that also stamps sign-ins
 * (sessions.authenticated_at): an interaction's is when the engine saved it, at the end of its
 * authorization request (a device's: when its code was entered), where the engine keeps whole
 * seconds (prompt=login, authorization-policy.ts).
 */
export const up = ['alter table oidc_models add column created_at timestamptz not null default now()'];
