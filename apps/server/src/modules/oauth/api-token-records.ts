import type { Adapter, KoaContextWithOIDC } from 'oidc-provider';
import { API_ACCESS_TOKEN_MODEL } from './store';

/** What the engine hands its `extraTokenClaims` (the documented hook run as each token is made). */
type MadeToken = Parameters<NonNullable<import('oidc-provider').Configuration['extraTokenClaims']>>[1];

/**
 * A developer's API gets JWT access tokens (RFC 9068), which the engine signs and stores nowhere:
 * revoking their grant did not reach them before they expired. So each one a person's
 * authorization issues is recorded as it is made (under its id's hash, with its family, sign-in and
 * scope), written as any token issued for a consumed code or refresh token is (only while that row
 * is there). The API's introspection counts a person's token only while its record is there, so a
 * reused refresh token, an RFC 7009 revocation, an RP-initiated logout and the app's revocation
 * in Connected apps end it at once, like the opaque tokens of the same grant.
 */
export function createApiTokenRecords(adapter: (model: string) => Adapter) {
  return {
    /** The engine's `extraTokenClaims`: records a person's API token; adds no claim. */
    async record(_ctx: KoaContextWithOIDC, token: MadeToken): Promise<undefined> {
      if (token.kind !== 'AccessToken' || token.resourceServer?.accessTokenFormat !== 'jwt') return undefined;
      if (!token.accountId || !token.jti) return undefined;
      await adapter(API_ACCESS_TOKEN_MODEL).upsert(
        token.jti,
        {
          accountId: token.accountId,
          clientId: token.clientId,
          grantId: token.grantId,
          sessionUid: token.sessionUid,
          scope: token.scope,
          // A device's token outlives the phone session that approved it (grants-repo.ts endSessionTokens).
          gty: token.gty,
        },
        token.remainingTTL,
      );
      return undefined;
    },
    /** Whether a person's API token (by its `jti`) is still recorded: not revoked, not expired. */
    async live(jti: string): Promise<boolean> {
      return (await adapter(API_ACCESS_TOKEN_MODEL).find(jti)) !== undefined;
    },
  };
}
export type ApiTokenRecords = ReturnType<typeof createApiTokenRecords>;
