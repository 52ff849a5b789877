import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  type Language,
  type LoginInput,
  type OkResponse,
  type ResendInput,
  type SignUpInput,
  type SignUpResponse,
} from '@omnia/contracts';
import type { TwoStepRequired } from '@omnia/contracts/factors';
import { hashToken, randomToken, safeEqual } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { enqueueMail } from '../mail';
import { createProfilesRepo } from '../profiles';
import type { RateLimiter } from '../ratelimit';
import { exceeded } from '../ratelimit';
import { accountExistsEmail, verificationEmail } from './emails';
import { addressKey, createLockout } from './lockout';
import type { AccountsOptions } from './options';
import { assertStrongPassword } from './password-strength';
import { checkPassword, hashPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { SecondFactors } from './second-factors';
import type { ClientInfo, Sessions, SessionsEnded, SignIn } from './sessions';
import { toAuthUser } from './sessions';
import { consumeQuotas, rateLimited } from './throttle';
import type { TwoStep } from './two-step';

export interface AccountsServiceDeps {
  db: Db;
  sessions: Sessions;
  limiter: RateLimiter;
  options: AccountsOptions;
  publicUrl: string;
  /** Called after a transaction that queued mail committed, so the worker sends it now. */
  onMailQueued: () => void;
  /** Called after sessions of a user were revoked (see SessionsEnded). */
  onSessionsEnded: SessionsEnded;
  factors: SecondFactors;
  twoStep: TwoStep;
}

/**
 * An answer that sets the verification nonce cookie: the browser that asked for a link keeps the
 * nonce; only that browser is signed in by the link (the hash is stored with the link's token).
 */
export interface WithVerifyNonce<T> {
  body: T;
  verifyNonce: string;
}

/** A password login: signed in, or (a second factor to come) the half-signed-in state. */
export type LoginOutcome = { signedIn: SignIn } | { twoStep: { token: string; answer: TwoStepRequired } };

/** What a verification link did: signed the browser in, or (another browser) only verified. */
export type Verified = { signedIn: SignIn } | { signedIn: undefined };

/** Sign-up, e-mail verification and password login. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, sessions, limiter, options, publicUrl } = deps;
  const limits = options.limits;
  const lockout = createLockout(deps);
  const verifyLink = (token: string) => `${publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;

  /**
   * Writes a verification token (bound to the asking browser's nonce) and its e-mail (in the
   * user's language), inside the caller's transaction.
   */
  const queueVerification = async (
    trx: Db,
    user: { id: string; email: string },
    nonce: string,
    fallback?: Language,
  ) => {
    const token = randomToken();
    await createAccountsRepo(trx).insertEmailToken({
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'verify',
      ttlSeconds: options.verifyTokenTtlSeconds,
      browserNonceHash: hashToken(nonce),
    });
    const lang = (await createProfilesRepo(trx).languageOf(user.id)) ?? fallback ?? DEFAULT_LANGUAGE;
    await enqueueMail(trx, verificationEmail(user.email, verifyLink(token), lang));
  };

  return {
    /**
     * Creates the account and mails the verification link. An address that already has an account
     * gets the same 201 (with a throwaway user) so sign-up does not reveal who is registered; its
     * owner is mailed instead (a new verification link if still unverified, else a sign-in note).
     * `language` (sent by the web app, else from Accept-Language) becomes a new account's language
     * preference; an existing account's mail follows its own preference. Every answer carries a
     * fresh nonce for the browser's cookie, stored with the link when one is mailed.
     */
    async signUp(input: SignUpInput, client: ClientInfo): Promise<WithVerifyNonce<SignUpResponse>> {
      const language = input.language ?? DEFAULT_LANGUAGE;
      const verifyNonce = randomToken();
      await consumeQuotas(limiter, [
        [`signup:ip:${client.ip}`, limits.signupPerIp],
        [`signup:addr:${addressKey(input.email)}`, limits.signupPerAddress],
      ]);
      assertStrongPassword(input.password, [input.email]);
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const created = await repo.insertUser(input.email, passwordHash);
        if (created) {
          if (input.language) await createProfilesRepo(trx).initLanguage(created.id, input.language);
          await queueVerification(trx, created, verifyNonce, language);
          return created;
        }
        const existing = await repo.findUserByEmail(input.email);
        if (existing && !existing.email_confirmed_at)
          await queueVerification(trx, existing, verifyNonce, language);
        else if (existing) {
          const lang = (await createProfilesRepo(trx).languageOf(existing.id)) ?? language;
          await enqueueMail(
            trx,
            accountExistsEmail(
              existing.email,
              `${publicUrl}/login`,
              `${publicUrl}/auth/forgot-password`,
              lang,
            ),
          );
        }
        return undefined;
      });
      deps.onMailQueued();
      const shown = user ?? {
        id: randomUUID(),
        email: input.email,
        email_confirmed_at: null,
        created_at: new Date(),
      };
      return { body: { user: toAuthUser(shown) }, verifyNonce };
    },

    /**
     * Mails a new verification link. Same answer for unknown and already verified addresses (no
     * mail then). One request per address per cool-down, enforced here for every instance. Like
     * sign-up, every answer carries a fresh nonce (bound to the new link when one is mailed).
     */
    async resend(input: ResendInput, client: ClientInfo): Promise<WithVerifyNonce<OkResponse>> {
      const address = addressKey(input.email);
      const cooldown = { points: 1, windowSeconds: options.resendCooldownSeconds };
      const state = await limiter.hit(`resend:cooldown:${address}`, cooldown);
      if (exceeded(state, cooldown)) {
        throw new AppError('resend_cooldown', { retryAfterSeconds: state.resetInSeconds });
      }
      await consumeQuotas(limiter, [
        [`resend:ip:${client.ip}`, limits.resendPerIp],
        [`resend:addr:${address}`, limits.resendPerAddress],
      ]);
      const verifyNonce = randomToken();
      const user = await createAccountsRepo(db).findUserByEmail(input.email);
      if (user && !user.email_confirmed_at) {
        await db.transaction().execute((trx) => queueVerification(trx, user, verifyNonce));
        deps.onMailQueued();
      }
      return { body: { ok: true }, verifyNonce };
    },

    /**
     * The e-mailed link: confirms the address (once). It signs in only the browser that asked for
     * it, the one presenting the nonce stored (hashed) with the token; anyone else who opens it
     * (say, a victim sent an attacker's link) only confirms that address and is not signed in.
     */
    async verifyEmail(
      token: string,
      browserNonce: string | undefined,
      client: ClientInfo,
    ): Promise<Verified> {
      const opened = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const used = await repo.consumeEmailToken(hashToken(token), 'verify');
        if (!used) return undefined;
        await repo.confirmEmail(used.userId);
        await repo.invalidateEmailTokens(used.userId, 'verify');
        const sameBrowser =
          browserNonce !== undefined &&
          used.browserNonceHash !== null &&
          safeEqual(hashToken(browserNonce), used.browserNonceHash);
        if (!sameBrowser) return { userId: used.userId, session: undefined };
        return { userId: used.userId, session: await sessions.open(trx, used.userId, client) };
      });
      if (!opened) throw new AppError('invalid_token');
      if (!opened.session) return { signedIn: undefined };
      return { signedIn: await sessions.signIn(opened.userId, opened.session) };
    },

    /**
     * Password login. Unverified accounts may sign in (the web guard sends them to the
     * verification page). Each attempt is reserved on the account's and the IP's counters before
     * its password is checked (429 with the time left, unchecked, once either is used up); every
     * bad credential gets the same message.
     */
    async logIn(input: LoginInput, client: ClientInfo): Promise<LoginOutcome> {
      // Statement 1: the reservation, the account and whether it has a second factor.
      const { attempt, user } = await lockout.reserveLogin(
        input.email,
        client.ip,
        deps.factors.secondFactorOn,
      );
      if (!(await checkPassword(user?.password_hash, input.password)) || !user) {
        const wait = await lockout.failed(attempt, user, { signIn: { ip: client.ip } });
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('invalid_credentials');
      }
      // An account with a second factor: no session yet, the half-signed-in state instead.
      if (user.second_factor) {
        await lockout.passedFirstStep(attempt);
        return { twoStep: await deps.twoStep.begin(user.id) };
      }
      // Statement 2: the reservation settled, and the session opened (see sessions.open).
      const opened = await sessions.open(db, user.id, client, ['pwd'], lockout.succeededWith(attempt));
      return { signedIn: await sessions.signedIn(user, opened) };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
