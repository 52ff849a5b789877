import { z } from 'zod';
import type { SessionLog } from './api';

/** Settings → Security: the account's live sessions and its security activity. */
export const SECURITY_API = {
  /** GET (Bearer) → ActiveSessionsResponse, the current session first. */
  sessions: '/api/me/sessions',
  /** DELETE (Bearer) → 204: signs that session out at once (404 if it is not the caller's). */
  session: (id: string) => `/api/me/sessions/${encodeURIComponent(id)}`,
  /** POST (Bearer) → { signed_out: number }: every session but the caller's. */
  signOutOthers: '/api/me/sessions/sign-out-others',
  /** GET (Bearer) ?before=<cursor>&group=sign_ins|account|apps → SecurityEventsResponse, newest first. */
  events: '/api/me/security-events',
} as const;

export interface ActiveSession {
  id: string;
  device: SessionLog['device'];
  os: SessionLog['os'];
  /** 'Chrome', 'Firefox'…; null when the User-Agent names none (or for sessions from before). */
  browser: string | null;
  ip: string | null;
  created_at: string;
  last_active_at: string;
  /** The session this request was made with. */
  current: boolean;
}
export interface ActiveSessionsResponse {
  sessions: ActiveSession[];
}

export const SECURITY_EVENT_KINDS = [
  'sign_in',
  'sign_in_failed',
  'second_step_failed',
  'second_step_abandoned',
  'confirm_failed',
  'password_changed',
  'password_reset',
  'session_signed_out',
  'other_sessions_signed_out',
  'session_copied',
  'app_authorized',
  'app_revoked',
  'client_secret_revealed',
  'client_secret_rotated',
  'client_old_secret_revoked',
  'client_updated',
  'client_deleted',
  'client_member_added',
  'client_member_removed',
  'client_transferred',
  'registration_token_created',
  'registration_token_revoked',
  'account_locked',
  'second_factor_added',
  'second_factor_removed',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'second_factor_removal_scheduled',
  'second_factor_kept',
  'data_exported',
  'email_change_requested',
  'email_changed',
  'email_change_cancelled',
  'email_change_withdrawn',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** How each event reads in the activity list. */
export const SECURITY_EVENT_LABELS: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in attempts',
  second_step_failed: 'Right password, but the second step failed',
  second_step_abandoned: 'Right password, but the second step was never made',
  confirm_failed: 'Wrong password or code entered in a signed-in session',
  password_changed: 'Password changed',
  password_reset: 'Password reset by e-mail',
  session_signed_out: 'A session was signed out',
  other_sessions_signed_out: 'All other sessions were signed out',
  session_copied: 'A session was signed out: its sign-in was used from two places',
  app_authorized: 'App authorized',
  app_revoked: 'App access revoked',
  client_secret_revealed: 'Client secret revealed',
  client_secret_rotated: 'Client secret rotated',
  client_old_secret_revoked: 'Old client secret revoked',
  client_updated: 'App details changed',
  client_deleted: 'App deleted',
  client_member_added: 'A member was added to an app',
  client_member_removed: 'A member left or was removed from an app',
  client_transferred: 'An app changed owner',
  registration_token_created: 'A registration token was created',
  registration_token_revoked: 'A registration token was revoked',
  account_locked: 'Sign-in paused after repeated failed attempts',
  second_factor_added: 'Two-step verification turned on',
  second_factor_removed: 'A second step was removed',
  recovery_codes_regenerated: 'New recovery codes made',
  recovery_code_used: 'A recovery code was used',
  second_factor_removal_scheduled: 'Two-step verification will turn off after a recovery request',
  second_factor_kept: 'Two-step verification kept on',
  data_exported: 'Your data was downloaded',
  email_change_requested: 'A change of email address was requested',
  email_changed: 'Email address changed',
  email_change_cancelled: 'A change of email address was cancelled; every session was signed out',
  email_change_withdrawn: 'A change of email address was cancelled',
};

/**
 * How a second step added or removed reads when it was a passkey: a sign-in method of its own, not
 * two-step verification turned on (the event's `detail.method`).
 */
export const PASSKEY_EVENT_LABELS = {
  passkey_added: 'A passkey was added',
  passkey_removed: 'A passkey was removed',
} as const;

/**
 * How the activity list can be narrowed ('Security activity' filter): sign-ins and their failures,
 * changes to the account, and apps. Every kind is in one group.
 */
export const SECURITY_EVENT_GROUPS = {
  sign_ins: [
    'sign_in',
    'sign_in_failed',
    'second_step_failed',
    'second_step_abandoned',
    'confirm_failed',
    'recovery_code_used',
    'account_locked',
    'session_signed_out',
    'other_sessions_signed_out',
    'session_copied',
  ],
  account: [
    'password_changed',
    'password_reset',
    'second_factor_added',
    'second_factor_removed',
    'recovery_codes_regenerated',
    'second_factor_removal_scheduled',
    'second_factor_kept',
    'data_exported',
    'email_change_requested',
    'email_changed',
    'email_change_cancelled',
    'email_change_withdrawn',
  ],
  apps: [
    'app_authorized',
    'app_revoked',
    'client_secret_revealed',
    'client_secret_rotated',
    'client_old_secret_revoked',
    'client_updated',
    'client_deleted',
    'client_member_added',
    'client_member_removed',
    'client_transferred',
    'registration_token_created',
    'registration_token_revoked',
  ],
} as const satisfies Record<string, readonly SecurityEventKind[]>;
export type SecurityEventGroup = keyof typeof SECURITY_EVENT_GROUPS;

/** GET SECURITY_API.events: `before` continues after that event; `group` narrows the list. */
export const securityEventsQuerySchema = z.object({
  before: z.string().max(100).optional(),
  group: z
    .enum(Object.keys(SECURITY_EVENT_GROUPS) as [SecurityEventGroup, ...SecurityEventGroup[]])
    .optional(),
});

export interface SecurityEvent {
  id: string;
  kind: SecurityEventKind;
  /**
   * e.g. { device, os } for a sign-in, { app } for an app, { count } for failed attempts, { minutes }
   * for a paused sign-in.
   */
  detail: Record<string, string | number>;
  ip: string | null;
  created_at: string;
}
export interface SecurityEventsResponse {
  events: SecurityEvent[];
  /** Pass as `before` for the next page; null on the last page. */
  next_before: string | null;
}
