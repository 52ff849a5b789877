import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { EngineSessionPayload } from './logout-delivery/logout-notices';

/**
 * Deletes the engine's sessions and interactions written for Omnia sessions of `userId` that have
 * ended (signed out, revoked by a password reset, by reuse detection, or expired). The engine
 * already refuses them on every instance, because each use checks the Omnia session it belongs to
 * (store/statements.ts); this removes them for good.
 */
export async function endEngineSessionsOf(db: Db, userId: string): Promise<EngineSessionPayload[]> {
  const result = await sql<{ model: string; payload: EngineSessionPayload }>`
    delete from oidc_models m
    using sessions s
    where m.omnia_session_id = s.id and m.model in ('Session', 'Interaction') and s.user_id = ${userId}
      and (s.revoked_at is not null or s.expires_at <= now())
    returning m.model, m.payload
  `.execute(db);
  // The engine sessions that ended: the apps signed in through them hear of it (logout-delivery).
  return result.rows.filter((r) => r.model === 'Session').map((r) => r.payload);
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
