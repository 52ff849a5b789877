import { DEFAULT_LANGUAGE } from '@omnia/contracts';
import type { Expression, RawBuilder } from 'kysely';
import { lockForTransaction } from '../../db/advisory-lock';
import type { Db } from '../../db/connect';
import { rateKeyOf } from '../../http/client-address';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { createProfilesRepo } from '../profiles';
import {
  createRateLimiter,
  exhausted,
  type RateLimiter,
  rateLimited,
  type Slot,
  settleCtes,
} from '../ratelimit';
import { type FailedCheckKind, securityLog } from '../security';
import { accountLockedEmail } from './emails';
import { createFailedSignInsRepo } from './failed-sign-ins-repo';
import type { AccountsOptions } from './options';
import { checkPassword } from './passwords';
import { createAccountsRepo, type UserRow } from './repo';

export interface LockoutDeps {
  db: Db;
  limiter: RateLimiter;
  options: AccountsOptions;
  publicUrl: string;
  /** Called after a transaction that queued mail committed, so the worker sends it now. */
  onMailQueued: () => void;
}

/**
 * An account's counters, named by its address as the database tells accounts apart: password
 * checks (login, change password and every other check share them) and the mark of a lock whose
 * owner has been mailed (once a day).
 */
async function keysOf(db: Db, email: string) {
  const address = await createAccountsRepo(db).addressKey(email);
  return { account: `login:acct:${address}`, lockMail: `login:locked-mail:${address}` };
}
const FAILED_SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** The owner hears of a lock at most once in this long (a reset lets the next one be heard). */
const LOCK_NOTICE_WINDOW_SECONDS = 24 * 60 * 60;

/** A reserved password check: on the account's counter, and on the IP's for a login. */
export interface Attempt {
  ip?: Slot;
  account: Slot;
}
/** In the order they were reserved in (settling takes row locks in that same order). */
const slotsOf = (a: Attempt): Slot[] => (a.ip ? [a.ip, a.account] : [a.account]);
/** A right password: the IP's attempt given back, the account's failures before it cleared. */
const successOf = (a: Attempt) => [
  ...(a.ip ? [{ slot: a.ip, outcome: 'refund' as const }] : []),
  { slot: a.account, outcome: 'clear' as const },
];
// Advisory lock class for one account's failure bookkeeping (with a hash of its id).
const FAILURES_LOCK_CLASS = 7_236_016;

/**
 * The per-account lockout: every password check is reserved (counted) before it is made, so at
 * most `loginFailuresPerAccount.points` checks per window are ever made, however many requests
 * arrive at once and on however many instances. Logins also reserve on the caller's IP.
 */
export function createLockout(deps: LockoutDeps) {
  const { db, limiter, options, publicUrl } = deps;
  const { loginFailuresPerAccount: perAccount, loginFailuresPerIp: perIp } = options.limits;

  /**
   * After the failure that locks the account: its owner is mailed, told in the bell and it is
   * logged, once a day: anyone may lock an account with five guesses every fifteen minutes, which
   * would otherwise mail its owner 96 times a day. The failed sign-ins are all in the activity.
   */
  const noteLock = async (trx: Db, user: Pick<UserRow, 'id' | 'email'>, wait: number) => {
    const marked = await createRateLimiter(trx).hit((await keysOf(trx, user.email)).lockMail, {
      points: 1,
      windowSeconds: LOCK_NOTICE_WINDOW_SECONDS,
    });
    if (marked.count > 1) return false;
    const minutes = Math.ceil(wait / 60);
    const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? DEFAULT_LANGUAGE;
    await enqueueMail(
      trx,
      accountLockedEmail(user.email, `${publicUrl}/auth/forgot-password`, minutes, lang),
    );
    await securityLog.record(trx, {
      userId: user.id,
      kind: 'account_locked',
      detail: { minutes },
    });
    await notify(trx, user.id, { kind: 'account_locked', data: { minutes } });
    return true;
  };

  /** Settles a wrong password's attempts: how long the account is locked for, and the time to wait. */
  const settleFailure = async (attempt: Attempt) => {
    const states = await limiter.settle(
      slotsOf(attempt).map((slot) => ({ slot, outcome: 'failed' as const })),
    );
    const [ipState, accountState] = attempt.ip ? states : [undefined, states[0]];
    const locked = accountState && exhausted(accountState, perAccount) ? accountState.resetInSeconds : 0;
    // The failure that uses up the IP's budget also says when to try again.
    const ipWait = ipState && exhausted(ipState, perIp) ? ipState.resetInSeconds : 0;
    return { wait: Math.max(locked, ipWait), locked };
  };

  return {
    /**
     * Reserves a login attempt on the IP, then on the account, and reads the account and whether it
     * has a second factor, all in one statement. Throws 429 with the time to wait, without any
     * password check, when refused.
     */
    async reserveLogin(
      email: string,
      ip: string | null,
      /** Whether the account has a second factor, as SQL (read in the same statement). */
      secondFactorOn: (userId: Expression<string>) => RawBuilder<boolean>,
    ): Promise<{ attempt: Attempt; user: (UserRow & { second_factor: boolean }) | undefined }> {
      const reservation = await limiter.reserve(
        [
          [`login:ip:${rateKeyOf(ip)}`, perIp],
          [(await keysOf(db, email)).account, perAccount],
        ],
        createAccountsRepo(db)
          .userByEmail(email)
          .select((eb) => secondFactorOn(eb.ref('users.id')).as('second_factor')),
      );
      if (!reservation.granted) throw rateLimited(reservation.retryAfterSeconds);
      const [ipSlot, account] = reservation.slots as [Slot, Slot];
      return { attempt: { ip: ipSlot, account }, user: reservation.row };
    },

    /**
     * Reserves a second-step code check on the IP, then on the account, as a login: the right
     * password gave the IP its attempt back, and one address holding many leaked passwords must
     * not guess codes across their accounts beyond the IP's budget.
     */
    async reserveSecondStep(email: string, ip: string | null): Promise<Attempt> {
      const reservation = await limiter.reserve([
        [`login:ip:${rateKeyOf(ip)}`, perIp],
        [(await keysOf(db, email)).account, perAccount],
      ]);
      if (!reservation.granted) throw rateLimited(reservation.retryAfterSeconds);
      const [ipSlot, account] = reservation.slots as [Slot, Slot];
      return { ip: ipSlot, account };
    },

    /** Reserves a current-password check (change password) on the account's counter. */
    async reserveAccount(email: string): Promise<Attempt> {
      const reservation = await limiter.reserve([[(await keysOf(db, email)).account, perAccount]]);
      if (!reservation.granted) throw rateLimited(reservation.retryAfterSeconds);
      return { account: reservation.slots[0] as Slot };
    },

    /**
     * A wrong password: the attempts stay counted. A failed check of an account is logged for its
     * owner (note), and the failure that uses the budget up locks the account. Returns the time to
     * wait when the account (or the IP) is now locked, else 0.
     */
    async failed(
      attempt: Attempt,
      user: Pick<UserRow, 'id' | 'email'>,
      /** Logged for the account's owner as this kind, from this address (undefined: not logged). */
      opts: { logged: { ip: string | null; kind: FailedCheckKind } | undefined },
    ): Promise<number> {
      const { wait, locked } = await settleFailure(attempt);
      if (!opts.logged && !locked) return wait;
      const mailed = await db.transaction().execute((trx) => this.note(trx, user, opts.logged, locked));
      if (mailed) deps.onMailQueued();
      return wait;
    },

    /**
     * A wrong password at sign-in, where the account may not exist: the same work either way, so
     * the answer takes as long. The attempts stay counted and the failure is queued, whatever the
     * address, with the account whose password was checked (if any); the worker notes it for that
     * account later (failed-sign-ins.ts). The time to wait.
     */
    async failedSignIn(attempt: Attempt, userId: string | undefined, ip: string | null): Promise<number> {
      const { wait, locked } = await settleFailure(attempt);
      await createFailedSignInsRepo(db).queue({ userId: userId ?? null, ip, lockedSeconds: locked });
      return wait;
    },

    /**
     * In `trx`: a failed check written to the owner's activity (one per account at a time, so a
     * burst's count is exact), and a lock (`locked` seconds) told to its owner, once a day.
     * Whether a mail was queued.
     */
    async note(
      trx: Db,
      user: Pick<UserRow, 'id' | 'email'>,
      /** `at`: when it failed (timestamptz text), for a failure noted later. */
      logged: { ip: string | null; kind: FailedCheckKind; at?: string } | undefined,
      locked: number,
    ): Promise<boolean> {
      await lockForTransaction(trx, FAILURES_LOCK_CLASS, user.id);
      if (logged) {
        const { ip, kind, at } = logged;
        await securityLog.countFailedSignIn(trx, user.id, ip, FAILED_SIGN_IN_WINDOW_SECONDS, kind, at);
      }
      return locked > 0 && (await noteLock(trx, user, locked));
    },

    /**
     * A right password with a second step still to come: both attempts are given back, and the
     * account's failures before it stay (the second step's guesses count on the same budget).
     */
    async passedFirstStep(attempt: Attempt): Promise<void> {
      await limiter.settle(slotsOf(attempt).map((slot) => ({ slot, outcome: 'refund' as const })));
    },

    /** A right password: the account's failures before it are cleared, the IP's attempt given back. */
    async succeeded(attempt: Attempt): Promise<void> {
      await limiter.settle(successOf(attempt));
    },

    /** The same settlement as CTEs, for the statement that opens the session (one round trip). */
    succeededWith: (attempt: Attempt) => settleCtes(successOf(attempt), 'settle_'),

    /**
     * An account's password checked against its sign-in budget (change password; also meant for
     * re-authentication): 429 when the budget is used up (nothing checked) or by this failure;
     * false when wrong, true when right (which clears the failures before it).
     */
    async checkAccountPassword(
      user: Pick<UserRow, 'id' | 'email' | 'password_hash'>,
      password: string,
      client: { ip: string | null },
    ) {
      const attempt = await this.reserveAccount(user.email);
      if (!(await checkPassword(user.password_hash, password))) {
        // Someone holds a session and does not know the password: the owner is told.
        const logged = { ip: client.ip, kind: 'confirm_failed' as const };
        const wait = await this.failed(attempt, user, { logged });
        if (wait > 0) throw rateLimited(wait);
        return false;
      }
      await this.succeeded(attempt);
      return true;
    },

    /**
     * A password reset lifts the account's lock (and a later lock is mailed again); a lock still
     * waiting for the worker is not told.
     */
    async lift(trx: Db, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
      // The queued failures first, as the worker takes them before the lock's mark: no deadlock.
      await createFailedSignInsRepo(trx).lockLifted(user.id);
      const keys = await keysOf(trx, user.email);
      await createRateLimiter(trx).reset(keys.account, keys.lockMail);
    },
  };
}
