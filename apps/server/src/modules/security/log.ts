import type { SecurityEventKind } from '@omnia/contracts/security';
import type { Db } from '../../db/connect';
import { createSecurityEventsRepo, type FailedCheckKind, type NewSecurityEvent } from './repo';

/**
 * How every other module writes and reads the security log. Each call takes the caller's
 * transaction (or Db), so an event commits with the change it records, or not at all.
 */
export const securityLog = {
  record(db: Db, event: NewSecurityEvent): Promise<void> {
    return createSecurityEventsRepo(db).insert(event);
  },
  /** The same insert as a statement not yet run: a sign-in runs it as one of its own CTEs. */
  recordStatement(db: Db, event: NewSecurityEvent) {
    return createSecurityEventsRepo(db).insertQuery(event);
  },
  /** A failed sign-in or second step, counted into the account's burst of the window. */
  countFailedSignIn(
    db: Db,
    userId: string,
    ip: string | null,
    windowSeconds: number,
    kind: FailedCheckKind,
    /** When it failed (timestamptz text), for a failure noted later; now when not given. */
    at?: string,
  ): Promise<void> {
    return createSecurityEventsRepo(db).countFailedSignIn(userId, ip, windowSeconds, kind, at);
  },
  happenedWithin(db: Db, userId: string, kind: SecurityEventKind, seconds: number): Promise<boolean> {
    return createSecurityEventsRepo(db).happenedWithin(userId, kind, seconds);
  },
  /** Which of these apps anyone's events of these kinds named since then (whoever's activity). */
  appsNamedSince(db: Db, appIds: readonly string[], kinds: readonly SecurityEventKind[], since: Date) {
    return createSecurityEventsRepo(db).appsNamedSince(appIds, kinds, since);
  },
  /** Deletes every event of the account (a sign-up taking over an unverified one: it starts anew). */
  async forget(db: Db, userId: string): Promise<void> {
    await createSecurityEventsRepo(db).forget(userId);
  },
  /** Every event of a person, newest first (Download your data). */
  all(db: Db, userId: string) {
    return createSecurityEventsRepo(db).all(userId);
  },
};
