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
import { hashToken, randomToken } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { AppError } from '../../http/app-error';
import { enqueueMail } from '../mail/repo';
import type { RateLimiter } from '../ratelimit/limiter';
import { exceeded } from '../ratelimit/limiter';
import { createSecurityEventsRepo } from '../security/repo';
import { accountExistsEmail, verificationEmail } from './emails';
import type { AccountsOptions } from './options';
import { checkPassword, hashPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { ClientInfo, Sessions, SessionsEnded, SignIn } from './sessions';
import { toAuthUser } from './sessions';
import { assertNotLockedOut, consumeQuotas, countFailure, rateLimited } from './throttle';

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
}

const addressKey = (email: string) => email.trim().toLowerCase();
const FAILED_SIGN_IN_WINDOW_SECONDS = 15 * 60;

/** Sign-up, e-mail verification and password login. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, sessions, limiter, options, publicUrl } = deps;
  const limits = options.limits;
  const verifyLink = (token: string) => `${publicUrl}/api/auth/verify?token=${encodeURIComponent(token)}`;

  /** Writes a verification token and its e-mail (in the user's language) in one transaction. */
  const queueVerification = async (trx: Db, user: { id: string; email: string }, fallback?: Language) => {
    const token = randomToken();
    await createAccountsRepo(trx).insertEmailToken({
      tokenHash: hashToken(token),
      userId: user.id,
      purpose: 'verify',
      ttlSeconds: options.verifyTokenTtlSeconds,
    });
    const lang = (await createAccountsRepo(trx).languageOf(user.id)) ?? fallback ?? DEFAULT_LANGUAGE;
    await enqueueMail(trx, verificationEmail(user.email, verifyLink(token), lang));
  };

  return {
    /**
     * Creates the account and mails the verification link. An address that already has an account
     * gets the same 201 (with a throwaway user) so sign-up does not reveal who is registered; its
     * owner is mailed instead (a new verification link if still unverified, else a sign-in note).
     * `language` (sent by the web app, else from Accept-Language) becomes a new account's language
     * preference; an existing account's mail follows its own preference.
     */
    async signUp(input: SignUpInput, client: ClientInfo): Promise<SignUpResponse> {
      const language = input.language ?? DEFAULT_LANGUAGE;
      await consumeQuotas(limiter, [
        [`signup:ip:${client.ip}`, limits.signupPerIp],
        [`signup:addr:${addressKey(input.email)}`, limits.signupPerAddress],
      ]);
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const created = await repo.insertUser(input.email, passwordHash);
        if (created) {
          if (input.language) await repo.initLanguage(created.id, input.language);
          await queueVerification(trx, created, language);
          return created;
        }
        const existing = await repo.findUserByEmail(input.email);
        if (existing && !existing.email_confirmed_at) await queueVerification(trx, existing, language);
        else if (existing) {
          const lang = (await repo.languageOf(existing.id)) ?? language;
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
      return { user: toAuthUser(shown) };
    },

    /**
     * Mails a new verification link. Same answer for unknown and already verified addresses (no
     * mail then). One request per address per cool-down, enforced here for every instance.
     */
    async resend(input: ResendInput, client: ClientInfo): Promise<OkResponse> {
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
      const user = await createAccountsRepo(db).findUserByEmail(input.email);
      if (user && !user.email_confirmed_at) {
        await db.transaction().execute((trx) => queueVerification(trx, user));
        deps.onMailQueued();
      }
      return { ok: true };
    },

    /** The e-mailed link: confirms the address (once) and signs the user in. */
    async verifyEmail(token: string, client: ClientInfo): Promise<SignIn> {
      const opened = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const userId = await repo.consumeEmailToken(hashToken(token), 'verify');
        if (!userId) return undefined;
        await repo.confirmEmail(userId);
        await repo.invalidateEmailTokens(userId, 'verify');
        return { userId, ...(await sessions.open(trx, userId, client)) };
      });
      if (!opened) throw new AppError('invalid_token');
      return sessions.signIn(opened.userId, opened);
    },

    /**
     * Password login. Unverified accounts may sign in (the web guard sends them to the
     * verification page). Failures count per account and per IP; a locked counter answers 429
     * with the time left, and every bad credential gets the same message.
     */
    async logIn(input: LoginInput, client: ClientInfo): Promise<SignIn> {
      const accountKey = `login:acct:${addressKey(input.email)}`;
      const counters: [string, typeof limits.loginFailuresPerAccount][] = [
        [accountKey, limits.loginFailuresPerAccount],
        [`login:ip:${client.ip}`, limits.loginFailuresPerIp],
      ];
      const [accountFailures] = await assertNotLockedOut(limiter, counters);
      const user = await createAccountsRepo(db).findUserByEmail(input.email);
      if (!(await checkPassword(user?.password_hash, input.password)) || !user) {
        // The account's owner sees failed attempts (grouped per 15 minutes) in Settings → Security.
        if (user)
          await createSecurityEventsRepo(db).countFailedSignIn(
            user.id,
            client.ip,
            FAILED_SIGN_IN_WINDOW_SECONDS,
          );
        const wait = await countFailure(limiter, counters);
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('invalid_credentials');
      }
      // A success clears the account's failures (the common case has none: no statement).
      if (accountFailures && accountFailures.count > 0) await limiter.reset(accountKey);
      const opened = await db.transaction().execute((trx) => sessions.open(trx, user.id, client));
      return sessions.signedIn(user, opened);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
