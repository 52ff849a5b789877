/** Key material shared by every instance (e.g. the access-token signing key), encrypted at rest. */
export const up = [
  `create table server_keys (
    name text primary key,
    ciphertext text not null,
    created_at timestamptz not null default now()
  )`,
];
