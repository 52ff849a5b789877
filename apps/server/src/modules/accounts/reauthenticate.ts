import type { ReauthenticateInput } from '@omnia/contracts';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/app-error';
import type { RateLimiter } from '../ratelimit/limiter';
import type { AccountsOptions } from './options';
import { checkPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { Sessions } from './sessions';
import { assertNotLockedOut, countFailure, rateLimited } from './throttle';

/**
 * 'Confirm it's you': the signed-in person enters the password again, which makes the session's
 * sign-in fresh (an application's prompt=login or max_age). Wrong guesses count like failed
 * sign-ins on the same per-account lockout.
 */
export function createReauthentication(deps: {
  db: Db;
  limiter: RateLimiter;
  options: AccountsOptions;
  sessions: Sessions;
}) {
  const { db, limiter, options, sessions } = deps;
  return {
    async confirm(userId: string, sessionId: string, input: ReauthenticateInput): Promise<void> {
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      const counter: [string, typeof options.limits.loginFailuresPerAccount][] = [
        [`login:acct:${user.email.toLowerCase()}`, options.limits.loginFailuresPerAccount],
      ];
      await assertNotLockedOut(limiter, counter);
      if (!(await checkPassword(user.password_hash, input.password))) {
        const wait = await countFailure(limiter, counter);
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('wrong_password');
      }
      if (!(await sessions.markAuthenticated(sessionId))) throw new AppError('unauthenticated');
    },
  };
}
export type Reauthentication = ReturnType<typeof createReauthentication>;
