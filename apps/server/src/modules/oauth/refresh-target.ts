import { errors, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';

type ResourceServerInfo = (
  ctx: KoaContextWithOIDC,
  identifier: string,
  client: { clientId: string },
) => Promise<ResourceServer>;

const ONE_RESOURCE =
  'only a single resource indicator value must be requested/resolved during Access Token Request';

/** The resource the engine resolves for this refresh: the one asked for, else (no `openid`) the granted one. */
function resourceOf(
  ctx: KoaContextWithOIDC,
  refreshToken: NonNullable<KoaContextWithOIDC['oidc']['entities']['RefreshToken']>,
): unknown {
  const asked = ctx.oidc.params?.resource;
  if (asked !== undefined && asked !== null && asked !== '') return asked;
  const granted = refreshToken.resource;
  if (!granted || (Array.isArray(granted) && granted.length === 0)) return undefined;
  const scopes = ctx.oidc.params?.scope ? ctx.oidc.requestParamScopes : refreshToken.scopes;
  return scopes.has('openid') ? undefined : granted;
}

/**
 * The engine rotates a refresh token before it resolves the resource its access token is for
 * (oidc-engine-seam.ts, item 7): a refresh it then refuses for that resource would have used the
 * token up, though an error issues nothing (RFC 6749 §5.2), and the client's next refresh would end
 * the sign-in as a reuse. So the resource is resolved first, as the engine resolves it after: the
 * `resource` asked for, or else, for scopes without `openid`, the one the token was granted; it
 * must be one value, one the token holds, and one the app may still get.
 */
export async function refuseTargetBeforeRotation(
  ctx: KoaContextWithOIDC,
  resourceServerInfo: ResourceServerInfo,
): Promise<void> {
  const { RefreshToken: refreshToken } = ctx.oidc.entities;
  const { client } = ctx.oidc;
  if (!refreshToken || !client) return;
  const resource = resourceOf(ctx, refreshToken);
  if (resource === undefined) return;
  if (typeof resource !== 'string') throw new errors.InvalidTarget(ONE_RESOURCE);
  if (!refreshToken.resourceIndicators.has(resource)) throw new errors.InvalidTarget();
  await resourceServerInfo(ctx, resource, client);
}
