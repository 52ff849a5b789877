/**
 * Passkeys (WebAuthn): the account's credentials (public key and signature counter; the
 * private key never leaves the authenticator) and the challenges of registrations and sign-ins
 * (single use, five minutes).
 */
export const up = [
  `create table passkeys (
    id text primary key,
    user_id uuid not null references users (id) on delete cascade,
    public_key text not null,
    counter bigint not null default 0,
    transports text[] not null default '{}',
    device_type text not null,
    backed_up boolean not null,
    name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`,
  'create index passkeys_user_idx on passkeys (user_id)',
  `create table webauthn_challenges (
    challenge text primary key,
    user_id uuid references users (id) on delete cascade,
    purpose text not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  'create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at)',
];
