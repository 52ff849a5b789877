import { hkdfSync } from 'node:crypto';
import { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';

/** DPoP nonces: one key for every instance, derived from SECRET_KEY (RFC 9449 §8). */
const dpopNonceSecret = (secretKey: string) =>
  Buffer.from(hkdfSync('sha256', secretKey, 'omnia-dpop-nonce', 'omnia:dpop-nonce', 32));

/**
 * The engine features of high-security apps. Each is served to every app; an app's
 * security profile (store/client-metadata.ts) decides what it must use.
 */
export function highSecurityFeatures(secretKey: string) {
  return {
    // RFC 9126: any app may push its request; one that requires it (or the FAPI profile) must. A
    // request_uri is single use, bound to its app, and lives 60 seconds (the engine's limit).
    pushedAuthorizationRequests: {
      enabled: true,
      requirePushedAuthorizationRequests: false,
      allowUnregisteredRedirectUris: false,
    },
    // RFC 9449: a token request with a DPoP proof gets tokens bound to its key; an app that
    // requires DPoP (or the FAPI profile) gets none without one. Nonces are offered on every
    // answer (DPoP-Nonce) and checked when a proof carries one, required of nobody (§8).
    dPoP: { enabled: true, nonceSecret: dpopNonceSecret(secretKey), requireNonce: () => false },
    // The FAPI 2.0 Security Profile, per app: the engine then requires PKCE, a redirect_uri and a
    // client assertion whose audience is the issuer; the app's metadata requires PAR and DPoP.
    fapi: {
      enabled: true,
      profile: (_ctx: KoaContextWithOIDC, client: { [key: string]: unknown } | undefined) =>
        client?.fapi_2 === true ? ('2.0' as const) : undefined,
    },
  } satisfies NonNullable<Configuration['features']>;
}

/** How far ahead a client assertion may expire: it is single use, so it need not live long. */
const ASSERTION_LIFETIME_S = 600;
/** How far ahead of our clock a client assertion may say it was made (FAPI 2.0 §5.3.2.1: under 60 s). */
const ASSERTION_CLOCK_AHEAD_S = 59;

/**
 * The engine's check of a client assertion's claims (private_key_jwt), with two more rules. Its
 * audience is the issuer alone, a single string, for every app (the engine asks that only under
 * FAPI 2.0): an app whose library takes `aud` from another server's metadata (the token endpoint
 * URL, a list) signs assertions that server could replay here (the OpenID Foundation's 2025
 * audience-injection advisory, draft-ietf-oauth-rfc7523bis). Its `exp` at most ten minutes ahead
 * (the engine bounds it nowhere, and keeps its jti that long), and its `iat` less than a minute
 * ahead (FAPI 2.0 §5.3.2.1, for every app: one stamped in the future was made to be kept; the
 * engine itself refuses an `nbf` more than its 15 s clock tolerance ahead).
 */
export async function assertClientAssertion(
  ctx: KoaContextWithOIDC,
  claims: { aud?: unknown; exp?: unknown; iat?: unknown },
) {
  if (claims.aud !== ctx.oidc.issuer)
    throw new errors.InvalidClientAuth('audience (aud) must equal the issuer identifier url');
  const now = Date.now() / 1000;
  if (typeof claims.exp === 'number' && claims.exp > now + ASSERTION_LIFETIME_S)
    throw new errors.InvalidClientAuth('the client assertion must expire within 10 minutes');
  if (typeof claims.iat === 'number' && claims.iat > now + ASSERTION_CLOCK_AHEAD_S)
    throw new errors.InvalidClientAuth('the client assertion is dated in the future (iat)');
}
