/**
 * Retention (docs/operations.md, Housekeeping and retention): indexes for the purges by age, and
 * the all-time usage counts per client and action that usage events are rolled up into once they
 * leave the statistics' 30-day windows, so the raw event table stays bounded while the total stays
 * exact.
 */
export const up = [
  'create index session_logs_created_idx on session_logs (created_at)',
  'create index security_events_created_idx on security_events (created_at)',
  'create index refresh_tokens_used_idx on refresh_tokens (used_at) where used_at is not null',
  'create index oauth2_usage_stats_created_idx on oauth2_usage_stats (created_at)',
  `create table oauth2_usage_totals (
    client_id text not null,
    action text not null,
    count bigint not null,
    primary key (client_id, action)
  )`,
];
