import type { TwoStepRequired } from '@omnia/contracts/factors';
import { hashToken, randomToken } from '../../crypto/tokens';
import { AppError } from '../../errors';
import { rateKeyOf } from '../../http/client-address';
import { consumeQuotas, rateLimited, type Slot } from '../ratelimit';
import { securityLog } from '../security';
import { createLockout, type LockoutDeps } from './lockout';
import { createAccountsRepo } from './repo';
import { checkSecondStep, type SecondFactors, type SecondStep } from './second-factors';
import type { ClientInfo, Sessions, SignIn } from './sessions';
import { createTwoStepRepo } from './two-step-repo';

/** How long after a password reset by e-mail a recovery request is refused. */
const RECOVERY_AFTER_RESET_SECONDS = 7 * 24 * 3600;

/** How long the half-signed-in state lasts: long enough to open an app and type a code. */
export const TWO_STEP_TTL_SECONDS = 5 * 60;

/**
 * The second step of a password sign-in. The half-signed-in state is a random token (hashed on the
 * server, five minutes, single use) that opens no API; each code is checked on the account's
 * sign-in budget, like a password, so no more guesses are made than the lockout allows.
 */
export function createTwoStep(deps: LockoutDeps & { sessions: Sessions; factors: SecondFactors }) {
  const { db } = deps;
  const lockout = createLockout(deps);
  return {
    /**
     * The password was right and the account has a second factor: the half-signed-in state, only
     * while the password is still the one checked (`passwordHash`; undefined once it changed).
     */
    async begin(
      userId: string,
      passwordHash: string,
      client: { ip: string | null },
    ): Promise<{ token: string; answer: TwoStepRequired } | undefined> {
      const token = randomToken();
      const begun = await db.transaction().execute(async (trx) => {
        if (!(await createAccountsRepo(trx).holdPassword(userId, passwordHash))) return false;
        await createTwoStepRepo(trx).insert(hashToken(token), userId, TWO_STEP_TTL_SECONDS, client.ip);
        return true;
      });
      if (!begun) return undefined;
      return { token, answer: { two_step: true, methods: await deps.factors.methods(userId) } };
    },

    /**
     * A passkey sign-in (no password, no e-mail): the assertion names its account; with user
     * verification it counts as two factors. Attempts are reserved per IP like sign-ins: a failed
     * one stays counted, one that signs in is given back (people behind one address signing in
     * never use up its budget).
     */
    async passkey(response: unknown, client: ClientInfo): Promise<SignIn> {
      const reservation = await deps.limiter.reserve([
        [`passkey:ip:${rateKeyOf(client.ip)}`, deps.options.limits.loginFailuresPerIp],
      ]);
      if (!reservation.granted) throw rateLimited(reservation.retryAfterSeconds);
      const slot = reservation.slots[0] as Slot;
      const signedIn = await (async () => {
        const { userId, amr, passkeyId } = await deps.factors.passkeys.verifySignIn(response);
        const user = await createAccountsRepo(db).findUserById(userId);
        if (!user) throw new AppError('passkey_invalid');
        const opened = await db.transaction().execute(async (trx) => {
          // The account first, then the passkey: a cancel link that writes the password and then
          // removes the passkeys added since is waited for (and the passkey found gone), or waits
          // and ends this session with the others.
          if (!(await createAccountsRepo(trx).holdUnchanged(user.id))) throw new AppError('passkey_invalid');
          if (!(await deps.factors.passkeys.holdForSignIn(trx, passkeyId, user.id)))
            throw new AppError('passkey_invalid');
          return deps.sessions.open(trx, user.id, client, [amr, 'mfa']);
        });
        return { user, opened };
      })().catch(async (err: unknown) => {
        await deps.limiter.settle([{ slot, outcome: 'failed' }]);
        throw err;
      });
      await deps.limiter.settle([{ slot, outcome: 'refund' }]);
      await deps.factors.cancelRecovery(signedIn.user);
      return deps.sessions.signedIn(signedIn.user, signedIn.opened);
    },

    /**
     * Options for a passkey sign-in (no account named yet): each writes a five-minute challenge, so
     * they are counted per IP address (housekeeping purges the expired ones).
     */
    async signInOptions(client: ClientInfo) {
      await consumeQuotas(deps.limiter, [
        [`passkey-options:ip:${rateKeyOf(client.ip)}`, deps.options.limits.passkeyOptionsPerIp],
      ]);
      return deps.factors.passkeys.signInOptions();
    },

    /** Options for the pending sign-in's account's passkeys (the second step by passkey). */
    async passkeyOptions(token: string | undefined) {
      const userId = token && (await createTwoStepRepo(db).liveUser(hashToken(token)));
      if (!userId) throw new AppError('two_step_expired');
      return deps.factors.passkeys.accountOptions(userId);
    },

    /** A code for the pending sign-in: the session opens, with both methods in its amr. */
    async complete(token: string | undefined, step: SecondStep, client: ClientInfo): Promise<SignIn> {
      const tokenHash = token ? hashToken(token) : undefined;
      const userId = tokenHash && (await createTwoStepRepo(db).liveUser(tokenHash));
      if (!tokenHash || !userId) throw new AppError('two_step_expired');
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError('two_step_expired');
      const attempt = await lockout.reserveSecondStep(user.email, client.ip);
      const wrong = new AppError('invalid_code');
      // A passkey is checked first (its own challenge, on a connection of its own); a code inside.
      const byPasskey =
        step.method === 'passkey' ? await checkSecondStep(deps.factors, user, step) : undefined;
      const opened = await db
        .transaction()
        .execute(async (trx) => {
          // The password still the one the first step checked: a reset, change or cancel meanwhile
          // is waited for and refuses this step, or waits and ends the session with the others.
          if (!(await createAccountsRepo(trx).holdPassword(user.id, user.password_hash)))
            throw new AppError('two_step_expired');
          // Single use: of second steps racing with one token, one at a time gets this far, and
          // the code is spent in this transaction. A code that does not hold rolls it back (the
          // state is there for the next try); one that loses the race is never spent, nor its use
          // told to the owner as a sign-in.
          if (!(await createTwoStepRepo(trx).consume(tokenHash))) throw new AppError('two_step_expired');
          const proved =
            byPasskey === undefined ? await checkSecondStep(deps.factors, user, step, trx) : byPasskey;
          if (!proved) throw wrong;
          return deps.sessions.open(trx, user.id, client, ['pwd', proved, 'mfa']);
        })
        .catch(async (err: unknown) => {
          if (err !== wrong) {
            // Refused before a code was spent (or failed for a reason not the guess): given back.
            await lockout.passedFirstStep(attempt);
            throw err;
          }
          const wait = await lockout.failed(attempt, user, {
            logged: { ip: client.ip, kind: 'second_step_failed' },
          });
          if (wait > 0) throw rateLimited(wait);
          throw wrong;
        });
      await lockout.succeeded(attempt);
      // A recovery code's use is mailed to its owner (queued in the transaction).
      if (step.method === 'recovery') deps.onMailQueued();
      // Whoever has a second step has not lost it: a waiting recovery request ends.
      await deps.factors.cancelRecovery(user);
      return deps.sessions.signedIn(user, opened);
    },

    /**
     * The password was right, and the person says every second step is lost: a recovery request
     * (two-step turns off in seven days unless the owner cancels it). When it turns off.
     */
    async requestRecovery(token: string | undefined, client: { ip: string | null }): Promise<Date> {
      const tokenHash = token ? hashToken(token) : undefined;
      const userId = tokenHash && (await createTwoStepRepo(db).liveUser(tokenHash));
      if (!userId) throw new AppError('two_step_expired');
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError('two_step_expired');
      // Whoever reset the password by e-mail might not be its owner (a mailbox taken over): a
      // reset followed at once by a recovery request would strip the second factor while the
      // owner, locked out of both, could not cancel it. So not within a week of a reset.
      if (await securityLog.happenedWithin(db, user.id, 'password_reset', RECOVERY_AFTER_RESET_SECONDS))
        throw new AppError('recovery_after_reset');
      // Written only while the password checked and its first step still stand, held in that order
      // (a change of the password holds the account, then ends the first steps): one that commits
      // first refuses this request, one after it ends it.
      return deps.factors.requestRecovery(
        { ...user, ip: client.ip },
        async (trx) =>
          (await createAccountsRepo(trx).holdPassword(user.id, user.password_hash)) &&
          (await createTwoStepRepo(trx).holdLive(tokenHash)) === user.id,
      );
    },
  };
}
export type TwoStep = ReturnType<typeof createTwoStep>;
