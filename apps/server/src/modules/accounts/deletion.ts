import type { DeleteAccountInput } from '@omnia/contracts/auth';
import { DEFAULT_LANGUAGE } from '@omnia/contracts/constants';
import type { Db } from '../../db/connect';
import { isMomentaryFailure } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/auth';
import { enqueueMail } from '../mail';
import { createProfilesRepo } from '../profiles';
import { createEmailChangeRepo } from './email-change-repo';
import { accountDeletedEmail } from './emails';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo, type UserRow } from './repo';
import type { SecondFactors } from './second-factors';
import type { SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { assertFreshSecondFactor } from './step-up';

/**
 * 'Delete account': with the address typed and the password (and a fresh second factor when the
 * account has one). In one transaction, what other modules hold for the person goes first (their
 * grants and tokens at every app, their own apps with every grant and token of them:
 * `onDeleting`), then the account, whose rows every table drops with it (foreign keys, on delete
 * cascade). Files in storage and the OAuth engine's sessions go after the commit.
 */
export function createAccountDeletion(
  deps: LockoutDeps & {
    factors: SecondFactors;
    onDeleting: (trx: Db, userId: string) => Promise<void>;
    onDeleted: (userId: string) => Promise<void>;
    onSessionsEnded: SessionsEnded;
  },
) {
  const lockout = createLockout(deps);
  return {
    async delete(auth: AuthContext, input: DeleteAccountInput, client: { ip: string | null }): Promise<void> {
      const user = await createAccountsRepo(deps.db).findUserById(auth.userId);
      if (!user) throw new AppError('unauthenticated');
      if (input.email.trim().toLowerCase() !== user.email.toLowerCase())
        throw new AppError('validation_failed', {
          messageKey: 'deleteAccountConfirmMismatch',
          fields: { email: 'deleteAccountConfirmMismatch' },
        });
      await assertFreshSecondFactor(auth, deps.factors);
      if (!(await lockout.checkAccountPassword(user, input.password, client)))
        throw new AppError('wrong_password');
      // Two deletions at once (an app's owner and its member, each holding their own account) may
      // each reach rows the other holds: PostgreSQL breaks the deadlock by failing one, rolled back
      // whole, and it runs again, meeting what the other left.
      for (let attempt = 1; ; attempt++) {
        try {
          await deleteOnce(user);
          break;
        } catch (err) {
          if (!isMomentaryFailure(err) || attempt >= 3) throw err;
        }
      }
      deps.onMailQueued();
      await deps.onSessionsEnded(user.id);
      await deps.onDeleted(user.id);
    },
  };

  async function deleteOnce(user: UserRow): Promise<void> {
    await deps.db.transaction().execute(async (trx) => {
      // What it owns is read after this: an app handed to the person meanwhile is theirs by then.
      // The password checked must still be the account's: a cancel link, a reset or a change that
      // committed meanwhile has signed this session out.
      if ((await createAccountsRepo(trx).lockForDeletion(user.id)) !== user.password_hash)
        throw new AppError('unauthenticated');
      // A change of address can be cancelled from the old one for a week, whatever happened
      // since: whoever changed it must not be able to delete the account from under that link.
      if (await createEmailChangeRepo(trx).confirmedWithinCancelWindow(user.id))
        throw new AppError('forbidden', { messageKey: 'deleteAfterEmailChange' });
      const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? DEFAULT_LANGUAGE;
      // Its sessions end first, before what hangs on them goes: an app's sign-in being written at
      // this moment holds its session's row, then the engine's (store/write-statements.ts), so it
      // is waited for, in that order, or finds the session over.
      await createSessionsRepo(trx).revokeUserSessions(user.id);
      await deps.onDeleting(trx, user.id);
      await createAccountsRepo(trx).deleteUser(user.id);
      // Its address is told, in the same transaction: a deletion nobody asked for is noticed.
      await enqueueMail(trx, accountDeletedEmail(user.email, lang));
    });
  }
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
