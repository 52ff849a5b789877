/**
 * The browser of each session and sign-in ('Chrome on Linux' in Settings), read from the User-Agent
 * by a maintained parser; rows from before stay without one and show as before.
 */
export const up = [
  'alter table sessions add column browser text',
  'alter table session_logs add column browser text',
];
