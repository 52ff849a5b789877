/** Fixed-window counters shared by every instance (login, sign-up, resend, forgot password). */
export const up = [
  `create table rate_limits (
    key text primary key,
    count integer not null,
    reset_at timestamptz not null
  )`,
  'create index rate_limits_reset_idx on rate_limits (reset_at)',
];
