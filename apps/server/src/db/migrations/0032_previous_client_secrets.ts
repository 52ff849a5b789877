/**
 * A rotated client secret keeps working for the grace period its developer picked (none, 1 hour,
 * 24 hours, 7 days), sealed like the current one; both or neither are set.
 */
export const up = [
  'alter table oauth2_clients add column previous_secret text',
  'alter table oauth2_clients add column previous_secret_expires_at timestamptz',
  `alter table oauth2_clients add constraint oauth2_clients_previous_secret_check
    check ((previous_secret is null) = (previous_secret_expires_at is null))`,
];
