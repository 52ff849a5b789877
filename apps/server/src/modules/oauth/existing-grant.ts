import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { findGrantId } from './grants-repo';

/** A remembered grant: the one in this authorization, the session's, or the user's stored one. */
export async function loadExistingGrant(db: Db, ctx: KoaContextWithOIDC) {
  const { client, session, result, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !accountId) return undefined;
  // Tried in order, the stored lookup last and only when needed (one statement fewer per authorize).
  const candidates = [
    () => result?.consent?.grantId,
    () => session.grantIdFor(client.clientId),
    () => findGrantId(db, accountId, client.clientId),
  ];
  for (const candidate of candidates) {
    const id = await candidate();
    if (!id) continue;
    const grant = await provider.Grant.find(id);
    // A grant of another account or client (an account switch) is never reused.
    if (grant && grant.accountId === accountId && grant.clientId === client.clientId) return grant;
  }
  return undefined;
}
