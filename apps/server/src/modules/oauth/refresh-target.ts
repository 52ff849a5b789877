import { errors, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';

type ResourceServerInfo = (
  ctx: KoaContextWithOIDC,
  identifier: string,
  client: { clientId: string },
) => Promise<ResourceServer>;

/**
 * The engine rotates a refresh token before it resolves the `resource` the request names
 * (oidc-engine-seam.ts, item 7): a refresh it then refuses for that resource would have used the
 * token up, though an error issues nothing (RFC 6749 §5.2), and the client's next refresh would end
 * the sign-in as a reuse. So a named resource is checked first, as the engine checks it after: one
 * value, one the refresh token was granted, and one the app may still get.
 */
export async function refuseTargetBeforeRotation(
  ctx: KoaContextWithOIDC,
  resourceServerInfo: ResourceServerInfo,
): Promise<void> {
  const resource = ctx.oidc.params?.resource;
  if (resource === undefined) return;
  if (typeof resource !== 'string')
    throw new errors.InvalidTarget(
      'only a single resource indicator value must be requested/resolved during Access Token Request',
    );
  const { RefreshToken: refreshToken } = ctx.oidc.entities;
  const { client } = ctx.oidc;
  if (!refreshToken?.resourceIndicators.has(resource) || !client) throw new errors.InvalidTarget();
  await resourceServerInfo(ctx, resource, client);
}
