import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/connect';
import type { ConsentReuse } from './consent-reuse';
import { findGrantId } from './grants-repo';

/**
 * A remembered grant: the one this authorization's consent screen just gave, else the session's
 * or the user's stored one, for an app in testing mode only when that consent may be used again
 * for this redirect URI (consent-reuse.ts).
 */
export async function loadExistingGrant(db: Db, ctx: KoaContextWithOIDC, mayReuse: ConsentReuse) {
  const { client, session, result, provider } = ctx.oidc;
  const accountId = session?.accountId;
  if (!client || !accountId) return undefined;
  const load = async (id: string | undefined) => {
    const grant = id ? await provider.Grant.find(id) : undefined;
    // A grant of another account or client (an account switch) is never reused.
    return grant && grant.accountId === accountId && grant.clientId === client.clientId ? grant : undefined;
  };
  const given = await load(result?.consent?.grantId);
  if (given) return given;
  const redirectUri = String(ctx.oidc.params?.redirect_uri ?? '');
  if (client.testing_mode === true && !(await mayReuse(client.clientId, accountId, redirectUri)))
    return undefined;
  // The session's first, the stored lookup only when needed (one statement fewer per authorize).
  return (
    (await load(session.grantIdFor(client.clientId))) ??
    load(await findGrantId(db, accountId, client.clientId))
  );
}
