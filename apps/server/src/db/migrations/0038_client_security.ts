/**
 * High-security apps: an app's security profile in one document (pushed authorization
 * requests, DPoP, private_key_jwt with its public keys, the FAPI 2.0 profile), read with the client
 * by the engine; an empty one is the default profile (contracts' client-security.ts).
 */
export const up = ["alter table oauth2_clients add column security jsonb not null default '{}'::jsonb"];
