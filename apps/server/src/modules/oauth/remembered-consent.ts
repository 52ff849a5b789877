import type { ConsentApi } from '@omnia/contracts/apis';
import { type AppType, asksEveryTime, isPublicAppType } from '@omnia/contracts/constants';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/connect';
import { asksAtThisRedirect, asksForConsent, requestedClaims } from './authorization-policy';
import type { Interaction } from './consent-reads';
import type { ConsentReuse } from './consent-reuse';
import { findGrantId } from './grants-repo';

/** A developer's API an authorization asks for, and the scopes of it the app may get and asks for. */
export type AskedApi = ConsentApi & { granted: string[] };

/** A person's consent to an app, as the engine's grant that records it (grants-repo.ts). */
export function createConsentGrants({
  db,
  provider,
  mayReuse,
}: {
  db: Db;
  provider: () => Provider;
  /** Whether a consent may be used again for a redirect URI (consent-reuse.ts). */
  mayReuse: ConsentReuse;
}) {
  async function consentGrant(userId: string, clientId: string) {
    const id = await findGrantId(db, userId, clientId);
    const grant = id ? await provider().Grant.find(id) : undefined;
    return grant && grant.accountId === userId && grant.clientId === clientId ? grant : undefined;
  }

  /**
   * The consent grant that already covers this request, if any: everything asked, and the
   * application did not ask to ask again. Never for a native or device app: any app on a device
   * can claim its scheme or loopback port, and a device's code can be phished, so its user always
   * decides (asksEveryTime); nor for a single-page app's code sent to a loopback host
   * (asksAtThisRedirect). For an app in testing mode, only for a redirect URI the person put
   * there themselves (consent-reuse.ts; the engine's loadExistingGrant applies the same rule).
   */
  async function rememberedConsent(
    details: Interaction,
    client: { client_id: string; app_type: AppType; status: string },
    scopes: string[],
    apis: AskedApi[],
    userId: string,
  ): Promise<string | undefined> {
    const uri = String(details.params.redirect_uri ?? '');
    if (asksEveryTime(client.app_type) || asksForConsent(details.params)) return undefined;
    if (asksAtThisRedirect(isPublicAppType(client.app_type), uri)) return undefined;
    if (client.status !== 'approved' && !(await mayReuse(client.client_id, userId, uri))) return undefined;
    const grant = await consentGrant(userId, client.client_id);
    if (!grant?.jti) return undefined;
    const granted = new Set((grant.getOIDCScope() ?? '').split(' '));
    const grantedClaims = new Set(grant.getOIDCClaims() ?? []);
    const apiCovered = (api: AskedApi) => {
      const given = new Set((grant.getResourceScope(api.identifier) ?? '').split(' '));
      return api.granted.every((s) => given.has(s));
    };
    const covered =
      scopes.every((s) => granted.has(s)) &&
      apis.every(apiCovered) &&
      requestedClaims(details.params, scopes).every((c) => grantedClaims.has(c));
    return covered ? grant.jti : undefined;
  }

  return { consentGrant, rememberedConsent };
}
