import { DEFAULT_LANGUAGE, PRODUCT_NAME } from '@omnia/contracts';
import type {
  FactorAdded,
  FactorsOverview,
  RecoveryCodesResponse,
  TotpSetup,
} from '@omnia/contracts/factors';
import type { Notice } from '@omnia/contracts/notifications';
import type { SecondFactorMethod } from '@omnia/contracts/sign-in';
import { createSecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { createProfilesRepo } from '../profiles';
import { consumeQuotas, createRateLimiter, type RateRule } from '../ratelimit';
import { securityLog } from '../security';
import { type FactorNotice, factorEmail } from './emails';
import { createPasskeys } from './passkeys';
import { createPasskeysRepo } from './passkeys-repo';
import { newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash } from './recovery';
import { createFactorsRepo, totpOnFor } from './repo';
import { acceptedStep, enrolment, newTotpSecret } from './totp';

const TOTP_SECRET_PURPOSE = 'totp-secret';
/** The account a change is for, and the address of whoever asked for it (none: the server did). */
type Owner = { id: string; email: string; ip?: string | null };
/** How long a recovery request (every second step lost) waits before two-step turns off. */
const RECOVERY_DELAY_HOURS = 7 * 24;

/**
 * Second factors: the authenticator app (TOTP) and recovery codes. Enrolment and removal record a
 * security event and mail the owner in their language, in the same transaction as the change.
 */
/** How long an authenticator app setup waits for its first code. */
const TOTP_SETUP_SECONDS = 10 * 60;
/** Wrong and right first codes an account may send in a quarter of an hour. */
const TOTP_SETUP_GUESSES: RateRule = { points: 10, windowSeconds: 15 * 60 };

export function createFactorsService(deps: {
  db: Db;
  secretKey: string;
  publicUrl: string;
  onMailQueued: () => void;
  /** Holds the account against a password reset and tells whether the session is live (accounts). */
  holdForNewCredential: (trx: Db, userId: string, sessionId: string) => Promise<boolean>;
}) {
  const { db } = deps;
  const box = createSecretBox(deps.secretKey, TOTP_SECRET_PURPOSE);
  /** An authenticator secret, opened; one sealed under another SECRET_KEY is refused as `refusal`. */
  const openedOr = (sealed: string, refusal: 'totp_not_started' | 'authenticator_unreadable') => {
    try {
      return box.open(sealed);
    } catch {
      throw new AppError(refusal);
    }
  };
  const limiter = createRateLimiter(db);
  const passkeys = createPasskeys({
    db,
    publicUrl: deps.publicUrl,
    onMailQueued: deps.onMailQueued,
    holdForNewCredential: deps.holdForNewCredential,
    notify: async (trx, userId, kind, ip) => {
      const email = await createFactorsRepo(trx).emailOf(userId);
      if (email) await tellOwner(trx, { id: userId, email, ip }, { kind, detail: { method: 'passkey' } });
    },
  });

  /**
   * Records the change for the owner (activity, the bell and e-mail), in `trx`, with the address
   * it came from when a person asked for it (`ip`).
   */
  async function tellOwner(trx: Db, user: Owner, notice: FactorNotice) {
    await securityLog.record(trx, {
      userId: user.id,
      kind: notice.kind,
      detail: notice.detail,
      ip: user.ip ?? null,
    });
    // The same kind and detail by construction (FactorNotice); TypeScript cannot pair them itself.
    await notify(trx, user.id, { kind: notice.kind, data: notice.detail } as Notice);
    const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? DEFAULT_LANGUAGE;
    await enqueueMail(trx, factorEmail(user.email, notice, `${deps.publicUrl}/settings?tab=security`, lang));
  }

  async function freshCodes(trx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await createFactorsRepo(trx).replaceRecoveryCodes(userId, codes.map(recoveryCodeHash));
    return codes;
  }

  /** On, and not past a removal a recovery request announced (the same rule as totpOnFor). */
  const active = (totp: { confirmed_at: Date | null; removal_after: Date | null } | undefined) =>
    Boolean(totp?.confirmed_at) &&
    (!totp?.removal_after || new Date(totp.removal_after).getTime() > Date.now());

  function hasSecondFactor(userId: string, on: Db = db): Promise<boolean> {
    return createFactorsRepo(on).totpOn(userId);
  }

  return {
    hasSecondFactor,
    /** hasSecondFactor as a column of another statement (a login's first one), for `userId`. */
    secondFactorOn: totpOnFor,
    passkeys,

    /** The second steps this account can use at sign-in. */
    async methods(userId: string): Promise<SecondFactorMethod[]> {
      const repo = createFactorsRepo(db);
      if (!(await hasSecondFactor(userId))) return [];
      const codes = await repo.recoveryCodesState(userId);
      return [
        'totp' as const,
        ...(codes.remaining > 0 ? (['recovery'] as const) : []),
        ...((await passkeys.hasAny(userId)) ? (['passkey'] as const) : []),
      ];
    },

    async overview(userId: string): Promise<FactorsOverview> {
      const repo = createFactorsRepo(db);
      const totp = await repo.totpOf(userId);
      const codes = await repo.recoveryCodesState(userId);
      return {
        totp: {
          enabled: active(totp),
          created_at: totp?.confirmed_at ? new Date(totp.confirmed_at).toISOString() : null,
          removal_after:
            active(totp) && totp?.removal_after ? new Date(totp.removal_after).toISOString() : null,
        },
        passkeys: await passkeys.list(userId),
        recovery_codes: {
          remaining: codes.remaining,
          created_at: codes.created_at ? new Date(codes.created_at).toISOString() : null,
        },
      };
    },

    /** A new pending secret for the authenticator app (replacing one not yet verified). */
    async setupTotp(user: Owner): Promise<TotpSetup> {
      const secret = newTotpSecret();
      const repo = createFactorsRepo(db);
      // An app whose announced removal (a recovery request's week) has passed is off, as the
      // overview says, though housekeeping has not deleted it yet: it goes now, with its codes.
      await repo.purgeRemoved(user.id);
      if (!(await repo.putPendingTotp(user.id, box.seal(secret)))) throw new AppError('totp_already_enabled');
      return { secret, ...enrolment(secret, user.email, PRODUCT_NAME) };
    },

    /**
     * Turns the authenticator app on with its first code. Ten recovery codes come with the first
     * second factor, shown once.
     */
    async confirmTotp(user: Owner, code: string): Promise<FactorAdded> {
      // Guesses of the first code are counted, as the second step's are: a million codes are not
      // tried at request speed.
      await consumeQuotas(limiter, [[`totp-setup:user:${user.id}`, TOTP_SETUP_GUESSES]]);
      const result = await db.transaction().execute(async (trx) => {
        const repo = createFactorsRepo(trx);
        const pending = await repo.totpOf(user.id);
        if (!pending) throw new AppError('totp_not_started');
        if (pending.confirmed_at) throw new AppError('totp_already_enabled');
        // A setup left unfinished ends: it is started again, with a new secret.
        if (Date.now() - new Date(pending.created_at).getTime() > TOTP_SETUP_SECONDS * 1000)
          throw new AppError('totp_not_started');
        // Sealed under another SECRET_KEY: the setup starts again, with a new secret.
        const secret = openedOr(pending.secret, 'totp_not_started');
        const step = acceptedStep(secret, code);
        if (step === null) throw new AppError('invalid_code');
        if (!(await repo.confirmTotp(user.id, step))) throw new AppError('totp_already_enabled');
        const codes = await repo.recoveryCodesState(user.id);
        const recovery_codes = codes.remaining > 0 ? undefined : await freshCodes(trx, user.id);
        await tellOwner(trx, user, { kind: 'second_factor_added', detail: { method: 'totp' } });
        return recovery_codes ? { recovery_codes } : {};
      });
      deps.onMailQueued();
      return result;
    },

    /** Turns the authenticator app off; with no second factor left, the recovery codes go too. */
    async removeTotp(user: Owner): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const repo = createFactorsRepo(trx);
        if (!(await repo.deleteTotp(user.id))) throw new AppError('not_found');
        await repo.deleteRecoveryCodes(user.id);
        await tellOwner(trx, user, { kind: 'second_factor_removed', detail: { method: 'totp' } });
      });
      deps.onMailQueued();
    },

    /** Ten new recovery codes; the old ones stop working. Only with a second factor. */
    async regenerateCodes(user: Owner): Promise<RecoveryCodesResponse> {
      const codes = await db.transaction().execute(async (trx) => {
        if (!(await hasSecondFactor(user.id, trx))) throw new AppError('no_second_factor');
        const fresh = await freshCodes(trx, user.id);
        await tellOwner(trx, user, { kind: 'recovery_codes_regenerated', detail: { count: fresh.length } });
        return fresh;
      });
      deps.onMailQueued();
      return { recovery_codes: codes };
    },

    /**
     * An e-mail change its owner cancelled (in that transaction): the second factors added since it
     * was asked for go, each recorded for the owner, since whoever asked may have added their own.
     */
    async removeAddedSince(trx: Db, user: Owner, since: Date): Promise<void> {
      for (const method of await createFactorsRepo(trx).deleteAddedSince(user.id, since)) {
        if (method === 'recovery') continue;
        await securityLog.record(trx, {
          userId: user.id,
          kind: 'second_factor_removed',
          detail: { method },
        });
      }
    },

    /**
     * A password reset by e-mail, in its transaction: every passkey goes. A passkey signs in on its
     * own, so one added by whoever had the old password would outlive the reset that shuts them
     * out; the owner adds theirs again. (The authenticator app stays: whoever reads the mailbox
     * still needs it.) Each is in the activity, with the address the reset came from; no mail or
     * notice: the person who reset was told so by the reset's own mail, and a "wasn't you?" would
     * speak to them as if they were the intruder.
     */
    async removePasskeys(trx: Db, user: Owner): Promise<void> {
      const removed = await createPasskeysRepo(trx).removeAll(user.id);
      for (let i = 0; i < removed; i++)
        await securityLog.record(trx, {
          userId: user.id,
          kind: 'second_factor_removed',
          detail: { method: 'passkey' },
          ip: user.ip ?? null,
        });
    },

    /**
     * A recovery request: someone who knew the password says every second step is lost. Two-step
     * turns off after seven days, announced to the owner by mail and in the bell, so a person who
     * lost everything is never locked out for good, while the owner whose password leaked has a week
     * to cancel it (any sign-in with a second step, or 'Cancel' in any signed-in session). A password
     * reset never touches second factors. The time it turns off; the same one when already asked.
     */
    async requestRecovery(user: Owner, stillHeld: (trx: Db) => Promise<boolean>): Promise<Date> {
      const after = await db.transaction().execute(async (trx) => {
        if (!(await stillHeld(trx))) throw new AppError('two_step_expired');
        const repo = createFactorsRepo(trx);
        const scheduled = await repo.scheduleRemoval(user.id, RECOVERY_DELAY_HOURS);
        if (!scheduled) {
          const existing = (await repo.totpOf(user.id))?.removal_after;
          if (!existing) throw new AppError('no_second_factor');
          return new Date(existing);
        }
        await tellOwner(trx, user, {
          kind: 'second_factor_removal_scheduled',
          detail: { after: new Date(scheduled).toISOString() },
        });
        return new Date(scheduled);
      });
      deps.onMailQueued();
      return after;
    },

    /**
     * Ends a recovery request: 'Cancel' in a signed-in session, or a sign-in with a second step
     * (whoever has one has not lost it). False when none was waiting.
     */
    async cancelRecovery(user: Owner): Promise<boolean> {
      const cancelled = await db.transaction().execute(async (trx) => {
        if (!(await createFactorsRepo(trx).cancelRemoval(user.id))) return false;
        await tellOwner(trx, user, { kind: 'second_factor_kept', detail: {} });
        return true;
      });
      if (cancelled) deps.onMailQueued();
      return cancelled;
    },

    /**
     * Checks an authenticator code and takes its time step, so it counts once (on any instance);
     * false for a wrong, stale or replayed code.
     */
    async verifyTotp(userId: string, code: string, trx: Db = db): Promise<boolean> {
      const repo = createFactorsRepo(trx);
      const totp = await repo.totpOf(userId);
      if (!totp?.confirmed_at) return false;
      const step = acceptedStep(openedOr(totp.secret, 'authenticator_unreadable'), code);
      return step !== null && (await repo.takeStep(userId, step));
    },

    /**
     * Uses a recovery code once; its owner is told (and when it was the last one). False when
     * unknown or used. In the caller's transaction when given (the code is spent, and the owner
     * told, only if what it was used for commits; the caller wakes the mail worker after).
     */
    async useRecoveryCode(user: Owner, code: string, trx?: Db): Promise<boolean> {
      const use = async (tx: Db) => {
        const repo = createFactorsRepo(tx);
        if (!(await repo.useRecoveryCode(user.id, recoveryCodeHash(code)))) return false;
        const { remaining } = await repo.recoveryCodesState(user.id);
        await tellOwner(tx, user, { kind: 'recovery_code_used', detail: { remaining } });
        return true;
      };
      if (trx) return use(trx);
      const used = await db.transaction().execute(use);
      if (used) deps.onMailQueued();
      return used;
    },
  };
}
export type FactorsService = ReturnType<typeof createFactorsService>;
