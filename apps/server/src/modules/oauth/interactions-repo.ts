import type { Db } from '../../db/connect';

/**
 * When a pending authorization (the engine's interaction) began: its row's first write, at the end
 * of the authorization request (a device's: when its code was entered), on the database clock
 * that also stamps sign-ins; compared to the millisecond. The engine's own iat is whole seconds, which cannot
 * tell a sign-in just before the request from one made during it.
 */
export async function interactionStartedAt(db: Db, uid: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('oidc_models')
    .select('created_at')
    .where('model', '=', 'Interaction')
    .where('id', '=', uid)
    .executeTakeFirst();
  return row ? new Date(row.created_at) : undefined;
}
