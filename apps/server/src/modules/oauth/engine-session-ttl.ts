import { ANONYMOUS_SESSION_TTL, ENGINE_TTL } from './engine-constants';

/**
 * The lifetime, in seconds, the engine saves a session with. The engine saves a session again
 * with a full lifetime whenever it changes (each authorization of an app does), so a session in
 * use would never end: a signed-in one ends ENGINE_TTL.Session after it was first saved (`iat`),
 * however often it is saved since. A retired signing key stays published that long
 * (signing-keys.ts), so an ID token of a current session always verifies as an `id_token_hint`.
 * One nobody signed in to lasts ANONYMOUS_SESSION_TTL from each save.
 */
export function engineSessionTtl(
  session: { accountId?: string | undefined; iat?: number | undefined },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): number {
  if (!session.accountId) return ANONYMOUS_SESSION_TTL;
  const began = session.iat ?? nowSeconds;
  // At least a second: the engine refuses a lifetime of 0, and a session at its end ends now.
  return Math.max(1, began + ENGINE_TTL.Session - nowSeconds);
}
