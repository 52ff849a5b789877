import type { Db } from '../../db/connect';
import { createSecurityEventsRepo } from '../security/repo';

/**
 * The live grant that records a user's consent to a client, if any (remembered consent; newest
 * first). The grants cut from it for each authorization code (model-store.ts) are not consent.
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

/** The apps a user has authorized: one row per client, with the scopes granted and since when. */
export async function listConnectedApps(db: Db, accountId: string) {
  const rows = await db
    .selectFrom('oidc_models as g')
    .innerJoin('oauth2_clients as c', 'c.client_id', 'g.client_id')
    .select(['c.client_id', 'c.name', 'c.logo_url', 'g.payload'])
    .where('g.model', '=', 'Grant')
    .where('g.family_of', 'is', null)
    .where('g.account_id', '=', accountId)
    .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', new Date())]))
    .execute();
  return rows.map((r) => {
    const payload = r.payload as { iat?: number; openid?: { scope?: string } };
    return {
      client_id: r.client_id,
      name: r.name,
      logo_url: r.logo_url,
      scopes: (payload.openid?.scope ?? '').split(' ').filter(Boolean),
      since: new Date((payload.iat ?? 0) * 1000).toISOString(),
    };
  });
}

/** Removes the user's grants to a client and every code and token issued from them. */
export async function revokeGrants(db: Db, accountId: string, clientId: string): Promise<number> {
  const client = await db
    .selectFrom('oauth2_clients')
    .select('name')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const grants = await trx
      .selectFrom('oidc_models')
      .select('id')
      .where('model', '=', 'Grant')
      .where('account_id', '=', accountId)
      .where('client_id', '=', clientId)
      .execute();
    // The consent grants and the families cut from them (all carry the account and client).
    const ids = grants.map((g) => g.id);
    if (!ids.length) return 0;
    await trx.deleteFrom('oidc_models').where('grant_id', 'in', ids).execute();
    await trx.deleteFrom('oidc_models').where('model', '=', 'Grant').where('id', 'in', ids).execute();
    await createSecurityEventsRepo(trx).insert({
      userId: accountId,
      kind: 'app_revoked',
      detail: { app: client?.name ?? clientId },
    });
    return ids.length;
  });
}
