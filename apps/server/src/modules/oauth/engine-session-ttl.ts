import { ANONYMOUS_SESSION_TTL, ENGINE_TTL } from './engine-constants';

/**
 * The lifetime, in seconds, the engine saves a session with. The engine saves a session again
 * with a whole lifetime whenever it changes (each authorization of an app does), so a session in
 * use would never end: a signed-in one ends ENGINE_TTL.Session after it was first saved (`iat`),
 * however often it is saved since. Near that end, a save (an authorization starting its
 * interaction) keeps it an interaction's lifetime more, so a consent screen opened in its last
 * minutes can still be answered; never past `iat` + Session + Interaction. A retired signing key
 * stays published longer than that (signing-keys.ts), so an ID token of a current session always
 * verifies as an `id_token_hint`. One nobody signed in to lasts ANONYMOUS_SESSION_TTL from each
 * save.
 */
export function engineSessionTtl(
  session: { accountId?: string | undefined; iat?: number | undefined },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): number {
  if (!session.accountId) return ANONYMOUS_SESSION_TTL;
  const ends = (session.iat ?? nowSeconds) + ENGINE_TTL.Session;
  const interactionMore = Math.min(ENGINE_TTL.Interaction, ends + ENGINE_TTL.Interaction - nowSeconds);
  // At least a second: the engine refuses a lifetime of 0, and a session at its end ends now.
  return Math.max(1, ends - nowSeconds, interactionMore);
}

/** The longest a signed-in engine session lives: its lifetime and one interaction's more. */
export const ENGINE_SESSION_MAX_SECONDS = ENGINE_TTL.Session + ENGINE_TTL.Interaction;
