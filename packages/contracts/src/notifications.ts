/**
 * The notification centre (the bell): the security notices of an account, each read or
 * unread on the server. Every notice Omnia mails about an account's security also lands here, in
 * the same transaction as the change it reports (docs/security.md, Notices). Paths: API.me in api.ts.
 */

/** What each kind of notice carries (strings and numbers only; the screen words them). */
export interface NotificationData {
  /** A sign-in from a device the account had not used before (never the first sign-in). */
  new_sign_in: { device: string; os: string; browser?: string; ip?: string };
  password_changed: Record<string, never>;
  /** Set with a link mailed to the account's address; every session was signed out. */
  password_reset: Record<string, never>;
  app_authorized: { app: string };
  second_factor_added: { method: 'totp' | 'passkey' };
  second_factor_removed: { method: 'totp' | 'passkey' };
  recovery_codes_regenerated: { count: number };
  recovery_code_used: { remaining: number };
  /** A password reset announced that two-step verification turns off at `after` (ISO time). */
  second_factor_removal_scheduled: { after: string };
  second_factor_kept: Record<string, never>;
  account_locked: { minutes: number };
  email_change_requested: Record<string, never>;
  email_changed: Record<string, never>;
  /** One of the owner's apps was changed; `review` 1 when part of it waits for the operator. */
  app_changed: { app: string; review: number };
  /** The operator decided on a change that waited for review (`approved` 1 or 0). */
  app_change_decided: { app: string; approved: number };
  /**
   * Who manages an app changed (members.ts). `who` is the member's username, or the owner's for
   * what the owner did to the person: added them (`added_you`), removed them (`removed_you`), or
   * offered the app or withdrew the offer. An owner may have no username: then `who` is ''.
   */
  app_members_changed: {
    app: string;
    change:
      | 'added'
      | 'removed'
      | 'left'
      | 'added_you'
      | 'removed_you'
      | 'offered'
      | 'withdrawn'
      | 'declined'
      | 'transferred';
    who: string;
  };
  /** A tool registered an app with one of the person's registration tokens (`token`: its name). */
  app_registered: { app: string; token: string };
}
export type NotificationKind = keyof NotificationData;

export const NOTIFICATION_KINDS = [
  'new_sign_in',
  'password_changed',
  'password_reset',
  'app_authorized',
  'second_factor_added',
  'second_factor_removed',
  'recovery_codes_regenerated',
  'recovery_code_used',
  'second_factor_removal_scheduled',
  'second_factor_kept',
  'account_locked',
  'email_change_requested',
  'email_changed',
  'app_changed',
  'app_change_decided',
  'app_members_changed',
  'app_registered',
] as const satisfies readonly NotificationKind[];

/** A notice as it is written: its kind and what it carries. */
export type Notice = { [K in NotificationKind]: { kind: K; data: NotificationData[K] } }[NotificationKind];

/** A notice as the owner reads it. */
export type Notification = Notice & {
  id: string;
  created_at: string;
  /** When it was first marked read; null while unread. */
  read_at: string | null;
};

/** GET API.me.notifications: the newest notices (at most NOTIFICATIONS_LIMIT) and how many are unread in all. */
export interface NotificationsResponse {
  notifications: Notification[];
  unread_count: number;
}

/** The answer of marking one or all read: how many are still unread. */
export interface NotificationsReadResponse {
  unread_count: number;
}

/** How many notices the list shows, newest first. */
export const NOTIFICATIONS_LIMIT = 50;
