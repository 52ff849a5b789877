import type { Db } from '../../../db/connect';
import { createDeliveriesRepo, type EndedSignIn, type LogoutReason } from './deliveries-repo';

/** An engine session as stored: whose it is, and the session id each app got (its `sid`). */
export interface EngineSessionPayload {
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
    /** The person revoked the app in Connected apps (inside that transaction). */
    appRevoked: (trx: Db, accountId: string, clientId: string) =>
      queue(trx, [{ clientId, sub: accountId }], 'app_revoked'),
    /** The account is being deleted (inside that transaction, before its grants go). */
    async accountDeleting(trx: Db, accountId: string) {
      const clients = await createDeliveriesRepo(trx).grantedClients(accountId);
      await queue(
        trx,
        clients.map((clientId) => ({ clientId, sub: accountId })),
        'account_deleted',
      );
    },
  };
}
