import type { Db } from '../../db/connect';

/**
 * The live grant that records a user's consent to a client, if any (remembered consent; newest
 * first). The grants cut from it for each authorization code (store/) are not consent.
 */
export async function findGrantId(db: Db, accountId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .where('family_of', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** A user's live consent grants: the client of each and its payload (scopes, since when). */
export function listConsentGrants(db: Db, accountId: string) {
  return db
    .selectFrom('oidc_models')
    .select(['client_id', 'payload'])
    .where('model', '=', 'Grant')
    .where('family_of', 'is', null)
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .execute();
}

/**
 * Removes the user's grants to a client (the consent grants and the families cut from them, which
 * all carry the account and client) and every code and token issued from them; returns how many
 * grants went. Takes a Db or a transaction.
 */
export async function deleteGrants(db: Db, accountId: string, clientId: string): Promise<number> {
  const grants = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .execute();
  const ids = grants.map((g) => g.id);
  if (!ids.length) return 0;
  await db.deleteFrom('oidc_models').where('grant_id', 'in', ids).execute();
  await db.deleteFrom('oidc_models').where('model', '=', 'Grant').where('id', 'in', ids).execute();
  return ids.length;
}
