import type { KoaContextWithOIDC } from 'oidc-provider';
import { ENGINE_ROUTES } from './engine-constants';

/**
 * How far ahead of our clock a DPoP proof may be dated: FAPI 2.0 Security Profile §5.3.2.1 refuses
 * more than 60 s. The engine takes 300 s either way, and with a nonce looks at `iat` not at all.
 */
const PROOF_CLOCK_AHEAD_S = 60;

/** Where the engine takes DPoP proofs. */
const PROOF_ROUTES = new Set<string>([
  ENGINE_ROUTES.token,
  ENGINE_ROUTES.pushed_authorization_request,
  ENGINE_ROUTES.userinfo,
]);

/** A JWT's claims, read without its signature (the engine checks that; this only refuses). */
function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const claims: unknown = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const secondsOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Engine middleware: a DPoP proof dated (`iat` or `nbf`) more than a minute ahead is refused before
 * the engine sees it, for every app (RFC 9449 §11.1 lets a server narrow its window): one stamped
 * in the future was made to be kept. Anything else about the proof is the engine's to judge.
 */
export function refuseProofsFromTheFuture() {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const proof = ctx.get('dpop');
    const route = ctx.path.toLowerCase().replace(/\/+$/, '');
    if (!proof || !PROOF_ROUTES.has(route)) return next();
    const claims = claimsOf(proof);
    const ahead = Math.max(secondsOf(claims.iat), secondsOf(claims.nbf)) - Date.now() / 1000;
    if (!(ahead > PROOF_CLOCK_AHEAD_S)) return next();
    const description = 'the DPoP proof is dated more than 60 seconds ahead (iat or nbf)';
    ctx.set('Cache-Control', 'no-store');
    if (route === ENGINE_ROUTES.userinfo) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', `DPoP error="invalid_dpop_proof", error_description="${description}"`);
    } else ctx.status = 400;
    ctx.body = { error: 'invalid_dpop_proof', error_description: description };
  };
}
