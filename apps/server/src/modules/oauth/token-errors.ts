import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from '../../logger';
import { ENGINE_GRANT_ERROR_DETAILS as D, grantErrorDetail } from '../../oidc-engine-seam';

/**
 * What a developer reads when the token endpoint refuses a grant (RFC 6749 §5.2 keeps the code
 * `invalid_grant`; the description says which check failed). Each names only the request's own
 * mistake, never another client's data.
 */
export const GRANT_ERROR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  [D.missingVerifier]:
    'code_verifier is missing: the authorization request sent a code_challenge, so the token request must send its verifier (PKCE)',
  [D.wrongVerifier]: 'code_verifier does not match the code_challenge of the authorization request',
  [D.redirectMismatch]: 'redirect_uri is not the one the authorization request used',
  [D.clientMismatch]: 'this code or token was issued to another client',
  [D.codeExpired]: 'the authorization code has expired: codes last 60 seconds, redeem it at once',
  [D.codeConsumed]:
    'the authorization code was already used: codes are single use, and the tokens issued for it are revoked',
  [D.codeNotFound]: 'the authorization code is unknown: it was not issued here, or it was removed',
  [D.refreshNotFound]: 'the refresh token is unknown: it was not issued here, or it was revoked',
  [D.refreshExpired]: 'the refresh token has expired: sign the person in again',
  [D.refreshUsed]:
    'the refresh token was already used: refresh tokens rotate, so every token of this grant is revoked',
  [D.grantNotFound]: 'the person revoked this app’s access, or the grant ended: sign them in again',
  [D.dpopMissing]:
    'DPoP proof JWT not provided: this app requires DPoP, so every token request sends a proof (RFC 9449)',
  [D.dpopReplayed]: 'DPoP proof JWT Replay detected: every request needs a new proof with its own jti',
};

/** Where the refusal's detail waits for the response (Koa's per-request state). */
const DETAIL = 'omniaGrantErrorDetail';

/**
 * The token endpoint's invalid_grant answers, worded per check, and each refusal logged with the
 * app's id (the engine's `grant.error` event, then its JSON body once written).
 */
export function wordGrantErrors(provider: Provider, logger: Logger): void {
  provider.on('grant.error', (ctx: KoaContextWithOIDC, err: unknown) => {
    const detail = grantErrorDetail(err);
    ctx.state[DETAIL] = detail;
    logger.info(
      { client_id: ctx.oidc?.client?.clientId, grant_type: ctx.oidc?.params?.grant_type, detail },
      'token request refused',
    );
  });
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'token' || ctx.status !== 400) return;
    const body = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
    const detail = ctx.state[DETAIL] as string | undefined;
    const words = detail ? GRANT_ERROR_DESCRIPTIONS[detail] : undefined;
    if (body?.error === 'invalid_grant' && words) body.error_description = words;
  });
}
