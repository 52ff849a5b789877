import { API_ACCESS_TOKEN_TTL_S } from '@omnia/contracts/constants';
import { errors, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';

/** What the engine asks the APIs module: what an app may get of the API a `resource` names. */
export interface ResourceRegistry {
  resourceFor(
    identifier: string,
    clientId: string,
  ): Promise<{ scopes: string[]; api: { identifier: string } } | undefined>;
}

/**
 * Developers' APIs as the engine's resource servers (RFC 8707): a `resource` names an API the app
 * may call, or the request fails with invalid_target. Its tokens are JWTs (RFC 9068) for that
 * audience, signed with Omnia's keys, carrying only the scopes the app may get.
 */
export function resourceIndicators(registry: ResourceRegistry) {
  return {
    enabled: true,
    /**
     * A service asks for an API by its identifier: without `resource`, client_credentials has
     * nothing to give it (no user, no userinfo). Every other request goes without one as before:
     * its access token is for userinfo.
     */
    async defaultResource(ctx: KoaContextWithOIDC, _client: unknown, oneOf?: readonly string[]) {
      if (oneOf) return oneOf;
      if (ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials')
        throw new errors.InvalidTarget('a service asks for an API: send its identifier as resource');
      return undefined;
    },
    async getResourceServerInfo(
      _ctx: KoaContextWithOIDC,
      identifier: string,
      client: { clientId: string },
    ): Promise<ResourceServer> {
      const grant = await registry.resourceFor(identifier, client.clientId);
      if (!grant) throw new errors.InvalidTarget('this app may not ask for this resource');
      return {
        scope: grant.scopes.join(' '),
        // The API's identifier as registered (canonical), whatever case the request wrote.
        audience: grant.api.identifier,
        accessTokenTTL: API_ACCESS_TOKEN_TTL_S,
        accessTokenFormat: 'jwt',
        jwt: { sign: { alg: 'RS256' } },
      };
    },
  };
}
