import { DEFAULT_LANGUAGE } from '@omnia/contracts';
import type { ChangeEmailInput } from '@omnia/contracts/auth';
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/auth';
import { enqueueMail } from '../mail';
import { createNotificationsRepo } from '../notifications';
import { createProfilesRepo } from '../profiles';
import { createSecurityEventsRepo } from '../security';
import { confirmNewEmail, emailChanged, emailChangeRequested } from './email-change-mails';
import { createEmailChangeRepo } from './email-change-repo';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo } from './repo';
import type { SecondFactors } from './second-factors';
import type { SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { assertFreshSecondFactor } from './step-up';
import { consumeQuotas } from './throttle';

const CONFIRM_TTL_SECONDS = 24 * 3600;

/**
 * Changing the account's address. The new address confirms with a link (until then the old one
 * stays); the old one is told and gets a link that cancels the change, undoes it if it was made,
 * and ends every session. No answer says whether the new address has an account: when it has one,
 * nothing is sent and the request answers the same.
 */
export function createEmailChange(
  deps: LockoutDeps & { factors: SecondFactors; onSessionsEnded: SessionsEnded },
) {
  const { db, publicUrl } = deps;
  const lockout = createLockout(deps);
  const langOf = async (trx: Db, userId: string) =>
    (await createProfilesRepo(trx).languageOf(userId)) ?? DEFAULT_LANGUAGE;

  return {
    async request(auth: AuthContext, input: ChangeEmailInput): Promise<void> {
      const repo = createAccountsRepo(db);
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new AppError('unauthenticated');
      const newEmail = input.email.trim();
      if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new AppError('email_unchanged');
      await consumeQuotas(deps.limiter, [
        [`email-change:user:${user.id}`, deps.options.limits.resendPerAddress],
      ]);
      await assertFreshSecondFactor(auth, deps.factors);
      if (!(await lockout.checkAccountPassword(user, input.password))) throw new AppError('wrong_password');
      if (await repo.findUserByEmail(newEmail)) return;
      const confirm = randomToken();
      const cancel = randomToken();
      await db.transaction().execute(async (trx) => {
        await createEmailChangeRepo(trx).open({
          userId: user.id,
          oldEmail: user.email,
          newEmail,
          confirmHash: hashToken(confirm),
          cancelHash: hashToken(cancel),
          ttlSeconds: CONFIRM_TTL_SECONDS,
        });
        const lang = await langOf(trx, user.id);
        await enqueueMail(
          trx,
          confirmNewEmail(newEmail, `${publicUrl}/api/auth/confirm-email?token=${confirm}`, lang),
        );
        await enqueueMail(
          trx,
          emailChangeRequested(
            user.email,
            newEmail,
            `${publicUrl}/api/auth/cancel-email-change?token=${cancel}`,
            lang,
          ),
        );
        await createSecurityEventsRepo(trx).insert({ userId: user.id, kind: 'email_change_requested' });
        await createNotificationsRepo(trx).add(user.id, { kind: 'email_change_requested', data: {} });
      });
      deps.onMailQueued();
    },

    /** The new address's link: the account's address becomes it (if nobody took it meanwhile). */
    async confirm(token: string): Promise<void> {
      await db
        .transaction()
        .execute(async (trx) => {
          const change = await createEmailChangeRepo(trx).confirm(hashToken(token));
          if (!change) throw new AppError('invalid_token');
          const moved = await trx
            .updateTable('users')
            .set({ email: change.new_email })
            .where('id', '=', change.user_id)
            .where('email', '=', change.old_email)
            .returning('id')
            .executeTakeFirst();
          if (!moved) throw new AppError('invalid_token');
          await createAccountsRepo(trx).invalidateEmailTokens(change.user_id, 'reset');
          await createSecurityEventsRepo(trx).insert({ userId: change.user_id, kind: 'email_changed' });
          await createNotificationsRepo(trx).add(change.user_id, { kind: 'email_changed', data: {} });
          await enqueueMail(
            trx,
            emailChanged(change.old_email, change.new_email, await langOf(trx, change.user_id)),
          );
        })
        .catch((err: unknown) => {
          // Taken by a sign-up between the request and the link: the unique index refused it.
          if (isUniqueViolation(err)) throw new AppError('email_taken');
          throw err;
        });
      deps.onMailQueued();
    },

    /** The old address's link: no change (undone if it was made), and every session ends. */
    async cancel(token: string): Promise<void> {
      const userId = await db.transaction().execute(async (trx) => {
        const change = await createEmailChangeRepo(trx).cancel(hashToken(token));
        if (!change) throw new AppError('invalid_token');
        if (change.confirmed_at) {
          await trx
            .updateTable('users')
            .set({ email: change.old_email })
            .where('id', '=', change.user_id)
            .where('email', '=', change.new_email)
            .execute();
        }
        await createSessionsRepo(trx).revokeUserSessions(change.user_id);
        await createSecurityEventsRepo(trx).insert({
          userId: change.user_id,
          kind: 'email_change_cancelled',
        });
        return change.user_id;
      });
      await deps.onSessionsEnded(userId);
    },
  };
}
export type EmailChange = ReturnType<typeof createEmailChange>;
