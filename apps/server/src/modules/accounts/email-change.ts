import { randomBytes } from 'node:crypto';
import {
  type CancelEmailChangeResponse,
  DEFAULT_LANGUAGE,
  type PendingEmailChangeResponse,
} from '@omnia/contracts';
import type { ChangeEmailInput } from '@omnia/contracts/auth';
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { isMomentaryFailure, isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import type { AuthContext } from '../../http/auth';
import { rateKeyOf } from '../../http/client-address';
import type { Logger } from '../../logger';
import { enqueueMail, isUndeliverable } from '../mail';
import { notify } from '../notifications';
import { createProfilesRepo } from '../profiles';
import { consumeQuotas } from '../ratelimit';
import { securityLog } from '../security';
import { addressInUse, confirmNewEmail, emailChanged, emailChangeRequested } from './email-change-mails';
import { CANCEL_DAYS, createEmailChangeRepo } from './email-change-repo';
import { createLockout, type LockoutDeps } from './lockout';
import { hashPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { SecondFactors } from './second-factors';
import type { SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { assertFreshSecondFactor } from './step-up';
import { createTwoStepRepo } from './two-step-repo';

const CONFIRM_TTL_SECONDS = 24 * 3600;
const DAY_MS = 24 * 3600 * 1000;

export interface EmailChangeDeps extends LockoutDeps {
  factors: SecondFactors;
  onSessionsEnded: SessionsEnded;
  /**
   * What the account gave apps and tools ends (a cancelled change, in its transaction): its grants
   * at every app and its tokens that register apps in its name; and what was made since then that
   * reaches its apps and APIs: tools' registrations of its apps, other apps allowed on its APIs,
   * and the trust its APIs give the apps it registered.
   */
  endAppAccess: (trx: Db, userId: string, since: Date) => Promise<void>;
  /** What failed after a cancel committed (it never changes the answer). */
  logger: Logger;
  /** After a cancelled change: members added to the account's apps since `since` go. */
  removeMembersAddedSince: (userId: string, since: Date) => Promise<void>;
  /** After a cancelled change: apps the account handed over since `since` come back. */
  takeBackAppsSince: (userId: string, since: Date) => Promise<void>;
  /**
   * Secrets of its apps the account was shown since then are replaced, and the apps it registered
   * since then are no longer trusted by its APIs as its own (after the commit).
   */
  secureAppsSince: (userId: string, since: Date) => Promise<void>;
  /** An unverified account gives way to the verified owner of its address (in the transaction). */
  onDeleting: (trx: Db, userId: string) => Promise<void>;
  /** ...and its files go after the commit. */
  onDeleted: (userId: string) => Promise<void>;
  /** The account's address changed (in the transaction): apps with a webhook hear of it. */
  onEmailChanged: (trx: Db, userId: string) => Promise<void>;
}

/**
 * Where a cancel parks an account whose old address another verified account holds: no mail
 * reaches an RFC 2606 `.invalid` address, so the address whoever changed it chose stops reaching
 * the account (a reset link, a notice, the cancel link of the owner's next change of address).
 */
const parkedAddress = () => `secured-${randomBytes(5).toString('hex')}@account.invalid`;

/**
 * Changing the account's address. The new address confirms with a link (until then the old one
 * stays); the old one is told and gets a link that gives the owner back control: the change is
 * cancelled (and undone when it was made), every session and every app's access end, second
 * factors added since go, and the owner sets a new password. No answer says whether the new address
 * has an account: the requester sees the same answer, notice and mail either way. Every link opens
 * a page; only its button's POST changes anything.
 */
export function createEmailChange(deps: EmailChangeDeps) {
  const { db, publicUrl } = deps;
  const lockout = createLockout(deps);
  const langOf = async (trx: Db, userId: string) =>
    (await createProfilesRepo(trx).languageOf(userId)) ?? DEFAULT_LANGUAGE;

  return {
    async request(
      auth: AuthContext,
      input: ChangeEmailInput,
      client: { ip: string | null } = { ip: null },
    ): Promise<void> {
      const repo = createAccountsRepo(db);
      const user = await repo.findUserById(auth.userId);
      if (!user) throw new AppError('unauthenticated');
      const newEmail = input.email.trim();
      const [target = newEmail, current] = await repo.addressKeys([newEmail, user.email]);
      if (target === current) throw new AppError('email_unchanged');
      // Per account, and per address it would move to: many accounts asking for one person's
      // address would otherwise mail that person ten times an hour each.
      await consumeQuotas(deps.limiter, [
        [`email-change:user:${user.id}`, deps.options.limits.resendPerAddress],
        [`email-change:to:${target}`, deps.options.limits.emailChangePerTarget],
      ]);
      await assertFreshSecondFactor(auth, deps.factors);
      if (!(await lockout.checkAccountPassword(user, input.password, client)))
        throw new AppError('wrong_password');
      const taken = (await repo.findUserByEmail(newEmail)) !== undefined;
      const requesterSignedInAt = await createSessionsRepo(db).openedAt(auth.sessionId);
      const confirm = randomToken();
      const cancel = randomToken();
      await db.transaction().execute(async (trx) => {
        // A taken address gets a request too (its confirm link is never mailed, so it can never
        // be used): what the requester can see is the same either way.
        await createEmailChangeRepo(trx).open({
          userId: user.id,
          oldEmail: user.email,
          newEmail,
          confirmHash: hashToken(confirm),
          cancelHash: hashToken(cancel),
          ttlSeconds: CONFIRM_TTL_SECONDS,
          requesterSignedInAt,
          requesterSessionId: auth.sessionId,
        });
        const lang = await langOf(trx, user.id);
        await enqueueMail(
          trx,
          taken
            ? addressInUse(newEmail, lang)
            : confirmNewEmail(newEmail, `${publicUrl}/auth/confirm-email?token=${confirm}`, lang),
        );
        await enqueueMail(
          trx,
          emailChangeRequested(
            user.email,
            newEmail,
            `${publicUrl}/auth/cancel-email-change?token=${cancel}`,
            lang,
          ),
        );
        await securityLog.record(trx, { userId: user.id, kind: 'email_change_requested', ip: client.ip });
        await notify(trx, user.id, { kind: 'email_change_requested', data: {} });
      });
      deps.onMailQueued();
    },

    /** The change waiting for its confirmation link (Settings shows it, with 'Cancel'). */
    async pending(userId: string): Promise<PendingEmailChangeResponse> {
      const row = await createEmailChangeRepo(db).pendingOf(userId);
      return {
        pending: row
          ? {
              new_email: row.new_email,
              requested_at: new Date(row.created_at).toISOString(),
              expires_at: new Date(row.expires_at).toISOString(),
            }
          : null,
      };
    },

    /** The owner cancels the waiting change from a signed-in session: its link stops working. */
    async cancelPending(userId: string, client: { ip: string | null }): Promise<void> {
      const cancelled = await db.transaction().execute(async (trx) => {
        if (!(await createEmailChangeRepo(trx).cancelPending(userId))) return false;
        await securityLog.record(trx, { userId, kind: 'email_change_withdrawn', ip: client.ip });
        return true;
      });
      if (!cancelled) throw new AppError('not_found');
    },

    /** The new address's link: the account's address becomes it (if nobody took it meanwhile). */
    async confirm(token: string, client: { ip: string | null } = { ip: null }): Promise<void> {
      // A link token guessed from one address is cut off as the other links' are.
      await consumeQuotas(deps.limiter, [
        [`confirm-email:ip:${rateKeyOf(client.ip)}`, deps.options.limits.resetPerIp],
      ]);
      await db
        .transaction()
        .execute(async (trx) => {
          // The account before the change, as 'Sign out all other sessions' takes them: they queue.
          const changes = createEmailChangeRepo(trx);
          const owner = await changes.ownerOf({ confirm: hashToken(token) });
          if (!owner || !(await createAccountsRepo(trx).lockForPasswordChange(owner)))
            throw new AppError('invalid_token');
          const change = await changes.confirm(hashToken(token));
          if (!change) throw new AppError('invalid_token');
          const moved = await createAccountsRepo(trx).moveEmail(
            change.user_id,
            change.old_email,
            change.new_email,
          );
          if (!moved) throw new AppError('invalid_token');
          await createAccountsRepo(trx).invalidateEmailTokens(change.user_id, 'reset');
          await deps.onEmailChanged(trx, change.user_id);
          await securityLog.record(trx, { userId: change.user_id, kind: 'email_changed', ip: client.ip });
          await notify(trx, change.user_id, { kind: 'email_changed', data: {} });
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

    /**
     * The old address's link, used: the owner gets the account back whatever happened since. The
     * change and every later one end; the old address comes back unless a verified account holds
     * it now (an unverified one there has no proven owner and gives way; a verified one keeps it,
     * and the account is parked on an address no mail reaches, never left on the one the change
     * chose); every session ends, apps lose their access and are told, registration tokens end,
     * second factors and members added since the request go, apps handed over since come back,
     * and a reset token lets the page set a new password. Never a 5xx: a sign-up racing for the
     * address, or a deadlock, simply runs it again.
     */
    async cancel(token: string, client: { ip: string | null }): Promise<CancelEmailChangeResponse> {
      await consumeQuotas(deps.limiter, [
        [`cancel-email:ip:${rateKeyOf(client.ip)}`, deps.options.limits.resetPerIp],
      ]);
      for (let attempt = 1; ; attempt++) {
        try {
          return await cancelOnce(token, client);
        } catch (err) {
          // A sign-up took the old address between the read and the write: run it again, so the
          // account it created is seen (and, unverified, gives way). A deadlock PostgreSQL broke
          // (the link worker holding the account while the cancel deletes a squatter) rolled it
          // all back: run it again too.
          if (!(isUniqueViolation(err) || isMomentaryFailure(err)) || attempt >= 3) throw err;
        }
      }
    },
  };

  /**
   * The cancel link used again, within its week, for an account it parked: no mail reaches it, so
   * the link is the owner's only way to a reset token once the page's has lapsed. It gives a new
   * one (the earlier ones stop) and changes nothing else; any other used link is refused.
   */
  async function parkedAgain(trx: Db, token: string, resetToken: string) {
    const parked = await createEmailChangeRepo(trx).parkedBy(hashToken(token));
    if (!parked || !isUndeliverable(parked.email)) throw new AppError('invalid_token');
    const accounts = createAccountsRepo(trx);
    await accounts.invalidateEmailTokens(parked.user_id, 'reset');
    await accounts.insertEmailToken({
      tokenHash: hashToken(resetToken),
      userId: parked.user_id,
      purpose: 'reset',
      ttlSeconds: deps.options.resetTokenTtlSeconds,
    });
    return { again: true as const, email: parked.email };
  }

  async function cancelOnce(
    token: string,
    client: { ip: string | null },
  ): Promise<CancelEmailChangeResponse> {
    const resetToken = randomToken();
    // Whoever asked for the change knew the password: it stops working now, and the owner sets a
    // new one with the reset token (or later by 'Forgot password', or for a parked account, whose
    // address gets no mail, by this link again within its week: `parkedAgain`).
    const unusable = await hashPassword(randomToken());
    const done = await db.transaction().execute(async (trx) => {
      const changes = createEmailChangeRepo(trx);
      const accounts = createAccountsRepo(trx);
      // The account before the change, as 'Sign out all other sessions' takes them: they queue.
      const owner = await changes.ownerOf({ cancel: hashToken(token) });
      if (!owner || !(await accounts.lockForPasswordChange(owner))) throw new AppError('invalid_token');
      const change = await changes.cancel(hashToken(token));
      if (!change) return parkedAgain(trx, token, resetToken);
      const { user_id: userId } = change;
      await changes.cancelPending(userId);
      await changes.cancelSince(userId, new Date(change.created_at));
      let restored = true;
      let squatter: string | undefined;
      if (change.confirmed_at) {
        const holder = await accounts.findUserByEmail(change.old_email);
        if (holder && holder.id !== userId) {
          // Only an account still unverified gives way (checked again by the delete itself: one
          // verified meanwhile is never deleted).
          if (!holder.email_confirmed_at) await deps.onDeleting(trx, holder.id);
          const deleted = holder.email_confirmed_at ? false : await accounts.deleteUnverifiedUser(holder.id);
          if (deleted) squatter = holder.id;
          else restored = false;
        }
        await accounts.setEmail(userId, restored ? change.old_email : parkedAddress());
        if (!restored) await changes.markParked(hashToken(token));
        // The apps that were told of the change hear of this one (before their grants end).
        await deps.onEmailChanged(trx, userId);
      }
      const user = await accounts.findUserById(userId);
      if (!user) throw new AppError('invalid_token');
      // The password first: a sign-in checked against it waits, then finds it changed
      // (repo.holdPassword); every session and half-signed-in state goes after.
      await accounts.setPasswordHash(userId, unusable);
      await createSessionsRepo(trx).revokeUserSessions(userId);
      await createTwoStepRepo(trx).endAll(userId);
      // What was added in the week before the request, or since the requesting session signed in
      // if that is earlier (whoever asked may have added it from an earlier session of theirs),
      // goes: second factors, and the ways into the account's apps and APIs. The owner adds back
      // any of theirs after the reset.
      const since = new Date(
        Math.min(
          new Date(change.created_at).getTime() - CANCEL_DAYS * DAY_MS,
          ...(change.requester_signed_in_at ? [new Date(change.requester_signed_in_at).getTime()] : []),
        ),
      );
      await deps.endAppAccess(trx, userId, since);
      await deps.factors.removeAddedSince(trx, user, since);
      await accounts.invalidateEmailTokens(userId, 'reset');
      await accounts.insertEmailToken({
        tokenHash: hashToken(resetToken),
        userId,
        purpose: 'reset',
        ttlSeconds: deps.options.resetTokenTtlSeconds,
      });
      await securityLog.record(trx, { userId, kind: 'email_change_cancelled', ip: client.ip });
      return { userId, squatter, restored, email: user.email, since };
    });
    if ('again' in done) return { restored: false, email: done.email, reset_token: resetToken };
    // What follows the commit never changes the answer: the account is the owner's again, and the
    // reset token is their only way to a password. A step that fails is logged.
    const afterwards = async (step: string, work: () => Promise<unknown>) =>
      work().catch((err: unknown) =>
        deps.logger.warn({ err, step }, 'a cancelled change left a step undone'),
      );
    await afterwards('sessions', () => deps.onSessionsEnded(done.userId));
    // Members added to the account's apps in that time go too (whoever asked may have added their
    // own account): after the commit, as the owner removing them, each in its app's order of locks.
    await afterwards('handovers', () => deps.takeBackAppsSince(done.userId, done.since));
    await afterwards('members', () => deps.removeMembersAddedSince(done.userId, done.since));
    await afterwards('secrets', () => deps.secureAppsSince(done.userId, done.since));
    // A recovery request made at the second step, by whoever knew the password, ends with it.
    await afterwards('recovery', () => deps.factors.cancelRecovery({ id: done.userId, email: done.email }));
    if (done.squatter) {
      const squatter = done.squatter;
      await afterwards('squatter', async () => {
        await deps.onSessionsEnded(squatter);
        await deps.onDeleted(squatter);
      });
    }
    return { restored: done.restored, email: done.email, reset_token: resetToken };
  }
}
export type EmailChange = ReturnType<typeof createEmailChange>;
