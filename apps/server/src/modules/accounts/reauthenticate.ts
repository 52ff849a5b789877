import type { ReauthenticateInput } from '@omnia/contracts';
import { AppError } from '../../errors';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo } from './repo';
import type { Sessions } from './sessions';

/**
 * 'Confirm it's you': the signed-in person enters the password again, which makes the session's
 * sign-in fresh (an application's prompt=login or max_age). The check is reserved on the same
 * per-account lockout as sign-in and change password.
 */
export function createReauthentication(deps: LockoutDeps & { sessions: Sessions }) {
  const lockout = createLockout(deps);
  return {
    async confirm(userId: string, sessionId: string, input: ReauthenticateInput): Promise<void> {
      const user = await createAccountsRepo(deps.db).findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      if (!(await lockout.checkAccountPassword(user, input.password))) throw new AppError('wrong_password');
      if (!(await deps.sessions.markAuthenticated(sessionId))) throw new AppError('unauthenticated');
    },
  };
}
export type Reauthentication = ReturnType<typeof createReauthentication>;
