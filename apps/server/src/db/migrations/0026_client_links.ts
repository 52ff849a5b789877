/**
 * What the consent screen links to so people can judge an app: its homepage, privacy policy and
 * terms. Optional while the app is in testing mode; the operator approves an app only with all three.
 */
export const up = [
  'alter table oauth2_clients add column homepage_url text',
  'alter table oauth2_clients add column privacy_url text',
  'alter table oauth2_clients add column terms_url text',
];
