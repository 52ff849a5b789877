/**
 * Which account an app's usage event was for, when there was one (a sign-in, a token, a userinfo
 * read): the Developer Program counts unique users a day. No reference to users: an event is
 * written a second later in a batch (usage.ts), and events are rolled up into counts without it
 * once they leave the 30-day windows.
 */
export const up = [
  'alter table oauth2_usage_stats add column user_id uuid',
  // Deleting an account unnames its events.
  'create index oauth2_usage_stats_user_idx on oauth2_usage_stats (user_id) where user_id is not null',
];
