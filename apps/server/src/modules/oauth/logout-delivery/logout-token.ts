import { randomBytes } from 'node:crypto';
import { importJWK, type JWK, SignJWT } from 'jose';

/** The event a logout token carries (Back-Channel Logout 1.0 §2.4). */
const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is used at once: two minutes cover a slow network and clocks that differ. */
const LOGOUT_TOKEN_TTL_S = 120;

/**
 * A logout token for one ended sign-in (Back-Channel Logout 1.0 §2.4): signed as the app's ID
 * tokens are (`alg`: RS256, or ES256 for a FAPI app), with the key that signs them, typed `logout+jwt`, naming the app (`aud`), the person (`sub`) and, when the
 * sign-in had one, its session (`sid`); never a `nonce`.
 */
export async function signLogoutToken(
  signing: JWK & { kid: string },
  alg: 'RS256' | 'ES256',
  claims: { issuer: string; clientId: string; sub: string; sid?: string | null },
): Promise<string> {
  const key = await importJWK(signing, alg);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    ...(claims.sid ? { sid: claims.sid } : {}),
  })
    .setProtectedHeader({ alg, typ: 'logout+jwt', kid: signing.kid })
    .setIssuer(claims.issuer)
    .setAudience(claims.clientId)
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + LOGOUT_TOKEN_TTL_S)
    .setJti(randomBytes(16).toString('base64url'))
    .sign(key);
}
