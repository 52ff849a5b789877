import type { StepUpInput } from '@omnia/contracts/factors';
import { AppError } from '../../errors';
import { rateLimited } from '../ratelimit';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo } from './repo';
import { checkSecondStep, type SecondFactors, type SecondStep } from './second-factors';
import type { Sessions } from './sessions';

/** Fresh enough for a sensitive action or an application's prompt=login: ten minutes. */
export const STEP_UP_MAX_AGE_MS = 10 * 60 * 1000;

/**
 * 'Confirm it's you': the signed-in person proves it again, which makes the session's sign-in
 * fresh (an application's prompt=login or max_age, and the sensitive actions). An account with a
 * second factor confirms with it (an authenticator or recovery code); one without, with the
 * password. Every check is reserved on the same per-account lockout as sign-in.
 */
export function createReauthentication(deps: LockoutDeps & { sessions: Sessions; factors: SecondFactors }) {
  const lockout = createLockout(deps);
  return {
    async confirm(
      userId: string,
      sessionId: string,
      input: StepUpInput,
      client: { ip: string | null },
    ): Promise<void> {
      const user = await createAccountsRepo(deps.db).findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      const twoStep = await deps.factors.hasSecondFactor(userId);
      if ('password' in input) {
        if (twoStep) throw new AppError('second_factor_required');
        if (!(await lockout.checkAccountPassword(user, input.password, client)))
          throw new AppError('wrong_password');
        // The session ended while the password was checked: 'session_expired', which a page does
        // not answer by renewing and sending again (the check is spent).
        if (!(await deps.sessions.markAuthenticated(sessionId))) throw new AppError('session_expired');
        return;
      }
      // A passkey is a second factor of its own: it confirms even where no authenticator app is on
      // (an application that requires two factors of a passkey-only account).
      const passkeyOnly = 'passkey' in input && (await deps.factors.passkeys.hasAny(userId));
      if (!twoStep && !passkeyOnly) throw new AppError('no_second_factor');
      const step: SecondStep =
        'code' in input
          ? { method: 'totp', code: input.code }
          : 'passkey' in input
            ? { method: 'passkey', response: input.passkey }
            : { method: 'recovery', code: input.recovery_code };
      const attempt = await lockout.reserveAccount(user.email);
      // A check that fails for another reason than the guess (an authenticator that cannot be
      // read) gives its try back, as the sign-in's second step does.
      const proved = await checkSecondStep(deps.factors, user, step).catch(async (err: unknown) => {
        await lockout.passedFirstStep(attempt);
        throw err;
      });
      if (!proved) {
        const wait = await lockout.failed(attempt, user, {
          logged: { ip: client.ip, kind: 'confirm_failed' },
        });
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('invalid_code');
      }
      await lockout.succeeded(attempt);
      if (!(await deps.sessions.markAuthenticated(sessionId, proved))) throw new AppError('session_expired');
    },
  };
}
export type Reauthentication = ReturnType<typeof createReauthentication>;
