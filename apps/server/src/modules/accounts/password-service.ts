import {
  type ChangePasswordInput,
  DEFAULT_LANGUAGE,
  type ForgotPasswordInput,
  type OkResponse,
  type ResetLinkInput,
  type ResetLinkResponse,
  type ResetPasswordInput,
} from '@omnia/contracts';
import { hashToken } from '../../crypto/tokens';
import { AppError } from '../../errors';
import { rateKeyOf } from '../../http/client-address';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { createProfilesRepo } from '../profiles';
import { consumeQuotas } from '../ratelimit';
import { securityLog } from '../security';
import { createEmailChangeRepo } from './email-change-repo';
import { createLinkRequestsRepo } from './link-requests-repo';
import { createLockout } from './lockout';
import { passwordChangedEmail } from './notices';
import { assertStrongPassword } from './password-strength';
import { checkPassword, hashPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { AccountsServiceDeps } from './service';
import { createSessionsRepo } from './sessions-repo';
import { createTwoStepRepo } from './two-step-repo';

/** A new password that is the current one: said at the field. */
const passwordUnchanged = () =>
  new AppError('password_unchanged', { fields: { password: 'passwordUnchanged' } });

/** Forgot, reset and change password. */
export function createPasswordService(deps: Omit<AccountsServiceDeps, 'sessions'>) {
  const { db, limiter, options } = deps;
  const limits = options.limits;
  const lockout = createLockout(deps);

  return {
    /**
     * Same answer whether or not the address has an account; only an existing one gets mail, in
     * the account's language preference.
     */
    async forgot(input: ForgotPasswordInput, client: { ip: string | null }): Promise<OkResponse> {
      const address = await createAccountsRepo(db).addressKey(input.email);
      await consumeQuotas(limiter, [
        [`forgot:ip:${rateKeyOf(client.ip)}`, limits.forgotPerIp],
        [`forgot:addr:${address}`, limits.forgotPerAddress],
      ]);
      // Queued whatever the address; the worker writes a link for an account only.
      await createLinkRequestsRepo(db).queue({ purpose: 'reset', email: input.email });
      return { ok: true };
    },

    /**
     * Whether a reset link can still be used, without using it: the page says at once when it
     * cannot. Counted per IP address like the reset itself, on a budget of its own.
     */
    async checkResetLink(input: ResetLinkInput, client: { ip: string | null }): Promise<ResetLinkResponse> {
      await consumeQuotas(limiter, [[`reset-check:ip:${rateKeyOf(client.ip)}`, limits.resetPerIp]]);
      return { state: await createAccountsRepo(db).emailTokenState(hashToken(input.token), 'reset') };
    },

    /**
     * Sets a new password from a reset link (single use) and signs out every session. Receiving the
     * link proves the address, so an unverified address counts as verified afterwards; it also
     * lifts a sign-in lock (the owner has just proved who they are).
     */
    async reset(input: ResetPasswordInput, client: { ip: string | null }): Promise<OkResponse> {
      await consumeQuotas(limiter, [[`reset:ip:${rateKeyOf(client.ip)}`, limits.resetPerIp]]);
      assertStrongPassword(input.password, []);
      const passwordHash = await hashPassword(input.password);
      const tokenHash = hashToken(input.token);
      const done = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        // The account first, as a change of the password takes it, then the link: the two queue.
        const owner = await repo.emailTokenOwner(tokenHash, 'reset');
        if (!owner || !(await repo.lockForPasswordChange(owner))) return undefined;
        const used = await repo.consumeEmailToken(tokenHash, 'reset');
        if (!used || used.userId !== owner) return undefined;
        // Refused here, the transaction rolls back and the link still works for a better password.
        assertStrongPassword(input.password, [used.email]);
        const { userId } = used;
        if (await checkPassword((await repo.findUserById(userId))?.password_hash, input.password))
          throw passwordUnchanged();
        await repo.setPasswordHash(userId, passwordHash);
        await repo.invalidateEmailTokens(userId, 'reset');
        // The reset proves the address: a verification link mailed earlier must not sign anyone in.
        await repo.invalidateEmailTokens(userId, 'verify');
        await repo.confirmEmail(userId);
        // Passkeys go: each signs in on its own, so one an intruder added would outlive the reset.
        // Before the sessions end: a passkey sign-in holding its passkey meanwhile is waited for,
        // and its session ends with the others.
        await deps.factors.removePasskeys(trx, { id: userId, email: used.email, ip: client.ip });
        await createSessionsRepo(trx).revokeUserSessions(userId);
        await createTwoStepRepo(trx).endAll(userId);
        // A change of address asked for in a session that this reset ends dies with it.
        await createEmailChangeRepo(trx).cancelPending(userId);
        await securityLog.record(trx, { userId, kind: 'password_reset', ip: client.ip });
        await notify(trx, userId, { kind: 'password_reset', data: {} });
        await lockout.lift(trx, { id: userId, email: used.email });
        // Second factors stay: whoever reads the mailbox still needs one to sign in. Someone who
        // lost them all asks at the second step (a recovery request, docs/security.md).
        return { id: userId, email: used.email };
      });
      if (!done) throw new AppError('invalid_token');
      deps.onMailQueued();
      await deps.onSessionsEnded(done.id);
      // The owner of the mailbox reset the password: a recovery request made with the old one
      // (by whoever knew it) ends.
      await deps.factors.cancelRecovery(done);
      return { ok: true };
    },

    /**
     * Checks the current password, reserved on the account's sign-in counter like a login (so
     * guesses here and at login share one budget), then signs out the other sessions.
     */
    async change(
      userId: string,
      sessionId: string,
      input: ChangePasswordInput,
      client: { ip: string | null } = { ip: null },
    ): Promise<OkResponse> {
      const repo = createAccountsRepo(db);
      const user = await repo.findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      if (!(await lockout.checkAccountPassword(user, input.currentPassword, client))) {
        throw new AppError('wrong_password');
      }
      if (input.password === input.currentPassword) throw passwordUnchanged();
      assertStrongPassword(input.password, [user.email]);
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        // What was checked still stands once written: the password is still the one checked and
        // the session still live. A reset, a cancel link, a sign-up reclaiming the address or a
        // sign-out committed during the hashing is not undone; one after it ends this change. The
        // account is locked first, as a reset and a sign-out of the other sessions lock it.
        const held =
          (await createAccountsRepo(trx).lockForPasswordChange(userId, user.password_hash)) &&
          (await createSessionsRepo(trx).holdLive(sessionId, userId));
        if (!held) throw new AppError('session_expired');
        await createAccountsRepo(trx).setPasswordHash(userId, passwordHash);
        await createAccountsRepo(trx).invalidateEmailTokens(userId, 'reset');
        await createSessionsRepo(trx).revokeUserSessions(userId, sessionId);
        await createTwoStepRepo(trx).endAll(userId);
        await securityLog.record(trx, { userId, kind: 'password_changed', ip: client.ip });
        await notify(trx, userId, { kind: 'password_changed', data: {} });
        const lang = (await createProfilesRepo(trx).languageOf(userId)) ?? DEFAULT_LANGUAGE;
        await enqueueMail(
          trx,
          passwordChangedEmail(user.email, `${deps.publicUrl}/settings?tab=security`, lang),
        );
      });
      deps.onMailQueued();
      await deps.onSessionsEnded(userId);
      // As after a reset: a recovery request made with the old password (by whoever knew it) ends.
      await deps.factors.cancelRecovery({ id: userId, email: user.email });
      return { ok: true };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
