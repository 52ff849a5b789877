import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { endSessionTokens } from './grants-repo';
import type { EngineSessionPayload } from './logout-delivery/logout-notices';

/**
 * Deletes the engine's sessions and interactions written for Omnia sessions of `userId` that have
 * ended (signed out, revoked by a password reset, by reuse detection, or expired). The engine
 * already refuses them on every instance, because each use checks the Omnia session it belongs to
 * (store/statements.ts); this removes them for good. A session ended before it ran out (not one
 * marked revoked once expired) ends the apps' codes and tokens issued through it too, as an
 * RP-initiated logout does (Back-Channel Logout 1.0 §2.7: refresh tokens without offline_access
 * are revoked).
 */
export async function endEngineSessionsOf(db: Db, userId: string): Promise<EngineSessionPayload[]> {
  const result = await sql<{ model: string; payload: EngineSessionPayload; ended: boolean }>`
    delete from oidc_models m
    using sessions s
    where m.omnia_session_id = s.id and m.model in ('Session', 'Interaction') and s.user_id = ${userId}
      and (s.revoked_at is not null or s.expires_at <= now())
    returning m.model, m.payload, coalesce(s.revoked_at < s.expires_at, false) as ended
  `.execute(db);
  const sessions = result.rows.filter((r) => r.model === 'Session');
  for (const { payload, ended } of sessions)
    if (ended && typeof payload.uid === 'string')
      await endSessionTokens(db, payload.uid, Object.keys(payload.authorizations ?? {}));
  // The engine sessions that ended: the apps signed in through them hear of it (logout-delivery).
  return sessions.map((r) => r.payload);
}

/** Whether the engine keeps a live session by this id (a browser's `_session` cookie). */
export async function engineSessionKept(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Session')
    .where('id', '=', id)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .executeTakeFirst();
  return row !== undefined;
}
