import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AccessVerifier, AuthContext } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { STEP_UP_MAX_AGE_MS } from './reauthenticate';
import type { SecondFactors } from './second-factors';

/**
 * A sensitive action (revealing or rotating a client secret, changing the password, removing a
 * factor, new recovery codes, deleting an app) needs a proof no older than ten minutes: a second
 * factor when the account has one, else the password (sign-in counts). Otherwise 403
 * step_up_required, and the web app asks 'Confirm it's you' (POST /api/auth/reauthenticate).
 * Runs after a guard that has authenticated the caller; it reads the session again.
 */
export function stepUpGuard(
  verifier: AccessVerifier,
  factors: SecondFactors,
  maxAgeMs = STEP_UP_MAX_AGE_MS,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await verifier.authenticate(c.req.header('authorization'));
    const since = (await factors.hasSecondFactor(auth.userId)) ? auth.secondFactorAt : auth.authenticatedAt;
    if (!since || Date.now() - since.getTime() > maxAgeMs) throw new AppError('step_up_required');
    await next();
  };
}

/**
 * Adding a way to sign in (an authenticator app, a passkey, new recovery codes) or turning two-step
 * off needs an answer to 'Confirm it's you' no older than `maxAgeMs`, however fresh the sign-in: a
 * browser left signed in, or a cookie copied in the minutes after a sign-in, must not add a
 * credential of its own that outlives the session. Otherwise 403 step_up_required. Once the
 * account has a second factor, a second factor of the same age too: an answer given with the
 * password before the owner turned two-step on no longer counts.
 */
export function confirmedGuard(
  verifier: AccessVerifier,
  factors: SecondFactors,
  maxAgeMs = STEP_UP_MAX_AGE_MS,
): MiddlewareHandler<AppEnv> {
  const recent = (at: Date | null) => at !== null && Date.now() - at.getTime() <= maxAgeMs;
  return async (c, next) => {
    const auth = await verifier.authenticate(c.req.header('authorization'));
    if (!recent(auth.confirmedAt)) throw new AppError('step_up_required');
    if (!recent(auth.secondFactorAt) && (await factors.hasSecondFactor(auth.userId)))
      throw new AppError('step_up_required');
    await next();
  };
}

/** For an account with a second factor: one verified in the last ten minutes, else step_up_required. */
export async function assertFreshSecondFactor(auth: AuthContext, factors: SecondFactors): Promise<void> {
  if (!(await factors.hasSecondFactor(auth.userId))) return;
  const since = auth.secondFactorAt;
  if (!since || Date.now() - since.getTime() > STEP_UP_MAX_AGE_MS) throw new AppError('step_up_required');
}
