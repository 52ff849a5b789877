import type { Db } from '../../../db/connect';
import { appsGrantedBy } from '../grants-repo';
import { createDeliveriesRepo, type EndedSignIn, type LogoutReason } from './deliveries-repo';

/** An engine session as stored: whose it is, and the session id each app got (its `sid`). */
export interface EngineSessionPayload {
  /** The id the engine's tokens name as their `sessionUid`. */
  uid?: unknown;
  accountId?: unknown;
  authorizations?: Record<string, { sid?: unknown } | undefined>;
}

/** The sign-ins an ended engine session held: one per app, with the `sid` of its ID tokens. */
function signInsOf(session: EngineSessionPayload): EndedSignIn[] {
  if (typeof session.accountId !== 'string') return [];
  const sub = session.accountId;
  return Object.entries(session.authorizations ?? {}).map(([clientId, auth]) => ({
    clientId,
    sub,
    sid: typeof auth?.sid === 'string' ? auth.sid : null,
  }));
}

/**
 * What apps hear when a sign-in to them ends (Back-Channel Logout 1.0): each trigger queues a
 * logout token for every app concerned that registered a back-channel logout URI, in the
 * transaction of the change where there is one, and wakes the worker (worker.ts).
 */
export function createLogoutNotices(deps: { db: Db; kick: () => void }) {
  /**
   * The person's sign-ins to an app: one per live engine session (with its `sid`, which every app
   * with a back-channel logout URI asked for), or the person alone when none is live.
   */
  const signInsTo = async (db: Db, accountId: string, clientId: string): Promise<EndedSignIn[]> => {
    const sids = await createDeliveriesRepo(db).sidsOf(accountId, clientId);
    return sids.length
      ? sids.map((sid) => ({ clientId, sub: accountId, sid }))
      : [{ clientId, sub: accountId }];
  };
  const queue = async (db: Db, ended: EndedSignIn[], reason: LogoutReason) => {
    const queued = await createDeliveriesRepo(db).enqueue(ended, reason);
    if (queued > 0) deps.kick();
  };
  return {
    /** Engine sessions ended with their Omnia session (signed out, from another device, a password reset). */
    sessionsEnded: (sessions: EngineSessionPayload[]) =>
      queue(deps.db, sessions.flatMap(signInsOf), 'session_ended'),
    /**
     * The engine sent a logout token itself at an RP-initiated logout: recorded as delivered, or,
     * when it failed, queued to be tried again by Omnia's worker.
     */
    async sentByEngine(sent: { clientId: string; sub: string; sid: string | null; error?: string }) {
      const repo = createDeliveriesRepo(deps.db);
      await repo.recordSent(sent, 'rp_logout');
      if (sent.error) deps.kick();
    },
    /**
     * The person revoked the app in Connected apps (inside that transaction): told once, and the
     * sign-ins it names end in the engine sessions, so their later end is not told again.
     */
    async appRevoked(trx: Db, accountId: string, clientId: string) {
      await queue(trx, await signInsTo(trx, accountId, clientId), 'app_revoked');
      await createDeliveriesRepo(trx).forgetSignInsTo(accountId, clientId);
    },
    /**
     * Every grant of the person ends (the cancel link, inside its transaction). An app with a live
     * engine session of theirs hears of it as that session ends; any other hears of it as of a
     * revocation in Connected apps (the person alone, `sub`), so its own session of them ends too.
     */
    async accessEnded(trx: Db, accountId: string, clientId: string) {
      if ((await createDeliveriesRepo(trx).sidsOf(accountId, clientId)).length === 0)
        await queue(trx, [{ clientId, sub: accountId }], 'app_revoked');
    },
    /** The account is being deleted (inside that transaction, before its grants go). */
    async accountDeleting(trx: Db, accountId: string) {
      const clients = await appsGrantedBy(trx, accountId);
      const ended: EndedSignIn[] = [];
      for (const clientId of clients) ended.push(...(await signInsTo(trx, accountId, clientId)));
      await queue(trx, ended, 'account_deleted');
    },
  };
}
