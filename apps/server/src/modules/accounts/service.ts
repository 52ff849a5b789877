import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  type Language,
  type LoginInput,
  type OkResponse,
  type ResendInput,
  type SignUpInput,
  type SignUpResponse,
  type VerifyLinkResponse,
} from '@omnia/contracts';
import type { TwoStepRequired } from '@omnia/contracts/factors';
import { hashToken, randomToken, safeEqual } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { rateKeyOf } from '../../http/client-address';
import { enqueueMail } from '../mail';
import { forgetNotices } from '../notifications';
import { createProfilesRepo } from '../profiles';
import type { RateLimiter } from '../ratelimit';
import { consumeQuotas, exceeded, rateLimited } from '../ratelimit';
import { securityLog } from '../security';
import { accountExistsEmail } from './emails';
import { createLinkRequestsRepo } from './link-requests-repo';
import { queueVerificationLink } from './links';
import { createLockout } from './lockout';
import type { AccountsOptions } from './options';
import { assertStrongPassword } from './password-strength';
import { checkPassword, hashPassword } from './passwords';
import { createAccountsRepo } from './repo';
import type { SecondFactors } from './second-factors';
import type { ClientInfo, Sessions, SessionsEnded, SignIn } from './sessions';
import { toAuthUser } from './sessions';
import { createSessionsRepo } from './sessions-repo';
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

/** Whether the browser presenting `nonce` is the one that asked for the link (constant time). */
const sameBrowser = (nonce: string | undefined, link: { browserNonceHash: string | null }) =>
  nonce !== undefined && link.browserNonceHash !== null && safeEqual(hashToken(nonce), link.browserNonceHash);

/** What a verification link did: signed the browser in, or (another browser) verified with a new password. */
export type Verified = { signedIn: SignIn } | { signedIn: undefined };

/** Sign-up, e-mail verification and password login. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, sessions, limiter, options, publicUrl } = deps;
  const limits = options.limits;
  const lockout = createLockout(deps);
  const settings = { ...options, publicUrl };
  const queueVerification = (
    trx: Db,
    user: { id: string; email: string },
    nonce: string,
    fallback?: Language,
  ) => queueVerificationLink(trx, settings, user, hashToken(nonce), fallback);

  return {
    /**
     * Creates the account and mails the verification link. An address that already has an account
     * gets the same 201 (with a throwaway user) so sign-up does not reveal who is registered. An
     * unverified account there has no proven owner: it takes this password, its sessions end and
     * its earlier links stop working (a pre-registered account is never handed over with its
     * squatter's password); a verified one's owner is only mailed a sign-in note.
     * `language` (sent by the web app, else from Accept-Language) becomes a new account's language
     * preference; an existing account's mail follows its own preference. Every answer carries a
     * fresh nonce for the browser's cookie, stored with the link when one is mailed.
     */
    async signUp(input: SignUpInput, client: ClientInfo): Promise<WithVerifyNonce<SignUpResponse>> {
      const language = input.language ?? DEFAULT_LANGUAGE;
      const verifyNonce = randomToken();
      const address = await createAccountsRepo(db).addressKey(input.email);
      await consumeQuotas(limiter, [
        [`signup:ip:${rateKeyOf(client.ip)}`, limits.signupPerIp],
        [`signup:addr:${address}`, limits.signupPerAddress],
      ]);
      assertStrongPassword(input.password, [input.email]);
      const passwordHash = await hashPassword(input.password);
      const outcome = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const created = await repo.insertUser(input.email, passwordHash, hashToken(verifyNonce));
        if (created) {
          if (input.language) await createProfilesRepo(trx).initLanguage(created.id, input.language);
          await queueVerification(trx, created, verifyNonce, language);
          return { created, reclaimed: undefined };
        }
        const existing = await repo.findUserByEmail(input.email);
        const reclaimed =
          existing &&
          (await repo.replaceUnverified(existing.id, input.email, passwordHash, hashToken(verifyNonce)));
        if (reclaimed) {
          await repo.invalidateEmailTokens(reclaimed.id, 'verify');
          const sessions = createSessionsRepo(trx);
          await sessions.revokeUserSessions(reclaimed.id);
          // Whoever held it before the address was proven leaves no sign-ins, activity or notices
          // for the owner to read as their own.
          await sessions.forgetSignIns(reclaimed.id);
          await securityLog.forget(trx, reclaimed.id);
          await forgetNotices(trx, reclaimed.id);
          await queueVerification(trx, reclaimed, verifyNonce, language);
          return { created: undefined, reclaimed: reclaimed.id };
        }
        if (existing) {
          // Verified (perhaps a moment ago): only its owner is told.
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
        return { created: undefined, reclaimed: undefined };
      });
      deps.onMailQueued();
      if (outcome.reclaimed) await deps.onSessionsEnded(outcome.reclaimed);
      const shown = outcome.created ?? {
        id: randomUUID(),
        email: input.email,
        email_confirmed_at: null,
        created_at: new Date(),
      };
      return { body: { user: toAuthUser(shown) }, verifyNonce };
    },

    /**
     * Mails a new verification link. Same answer for unknown and already verified addresses (no
     * mail then). One request per address per cool-down, enforced here for every instance. The link
     * signs in the browser whose sign-up set the password (its cookie stays as it was), never the
     * browser asking: anyone may ask, and the owner of a squatted address verifying in their own
     * browser must set the password, not keep the squatter's.
     */
    async resend(input: ResendInput, client: ClientInfo): Promise<OkResponse> {
      const address = await createAccountsRepo(db).addressKey(input.email);
      const cooldown = { points: 1, windowSeconds: options.resendCooldownSeconds };
      const state = await limiter.hit(`resend:cooldown:${address}`, cooldown);
      if (exceeded(state, cooldown)) {
        throw new AppError('resend_cooldown', { retryAfterSeconds: state.resetInSeconds });
      }
      await consumeQuotas(limiter, [
        [`resend:ip:${rateKeyOf(client.ip)}`, limits.resendPerIp],
        [`resend:addr:${address}`, limits.resendPerAddress],
      ]);
      // Queued whatever the address; the worker writes a link for an unverified account only.
      await createLinkRequestsRepo(db).queue({ purpose: 'verify', email: input.email });
      return { ok: true };
    },

    /**
     * A verification link's state, read without using it: the page says at once what it can do
     * (sign this browser in, or ask for a password) or why it cannot. Counted per IP address.
     */
    async checkVerifyLink(
      token: string,
      browserNonce: string | undefined,
      client: ClientInfo,
    ): Promise<VerifyLinkResponse> {
      await consumeQuotas(limiter, [[`verify-check:ip:${rateKeyOf(client.ip)}`, limits.verifyPerIp]]);
      const info = await createAccountsRepo(db).emailTokenInfo(hashToken(token), 'verify');
      return { state: info.state, email: info.email, same_browser: sameBrowser(browserNonce, info) };
    },

    /**
     * The person pressed the button on the link's page: confirms the address (once). The browser that
     * asked for the link (it presents the nonce stored, hashed, with the token) is signed in. Any
     * other browser (a victim sent an attacker's link, or the owner opening the mail elsewhere)
     * must set the account's password, which replaces whatever the sign-up chose, and is not signed
     * in: whoever controls the mailbox ends up with the only working password. Either way every
     * other session of the account ends, so nothing opened before the address was proven survives.
     */
    async verifyEmail(
      input: { token: string; password?: string | undefined },
      browserNonce: string | undefined,
      client: ClientInfo,
    ): Promise<Verified> {
      // Each attempt may cost a password hash: counted per IP before anything else, like a reset.
      await consumeQuotas(limiter, [[`verify:ip:${rateKeyOf(client.ip)}`, limits.verifyPerIp]]);
      if (input.password !== undefined) assertStrongPassword(input.password, []);
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      const opened = await db.transaction().execute(async (trx) => {
        const repo = createAccountsRepo(trx);
        const used = await repo.consumeEmailToken(hashToken(input.token), 'verify');
        if (!used) throw new AppError('invalid_token');
        const asked = sameBrowser(browserNonce, used);
        // Thrown here, the transaction rolls back and the link still works.
        if (!asked && !passwordHash) throw new AppError('verify_password_required');
        if (passwordHash && input.password !== undefined) {
          assertStrongPassword(input.password, [used.email]);
          await repo.setPasswordHash(used.userId, passwordHash);
          await repo.invalidateEmailTokens(used.userId, 'reset');
        }
        await repo.confirmEmail(used.userId);
        await repo.invalidateEmailTokens(used.userId, 'verify');
        await createSessionsRepo(trx).revokeUserSessions(used.userId);
        if (!asked) return { userId: used.userId, session: undefined };
        return { userId: used.userId, session: await sessions.open(trx, used.userId, client) };
      });
      await deps.onSessionsEnded(opened.userId);
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
        // The same work for an address with an account and one without (who has one stays unsaid).
        const wait = await lockout.failedSignIn(attempt, user?.id, client.ip);
        if (wait > 0) throw rateLimited(wait);
        throw new AppError('invalid_credentials');
      }
      const checked = user.password_hash;
      // An account with a second factor: no session yet, the half-signed-in state instead.
      if (user.second_factor) {
        await lockout.passedFirstStep(attempt);
        const twoStep = await deps.twoStep.begin(user.id, checked, client);
        if (!twoStep) throw new AppError('invalid_credentials');
        return { twoStep };
      }
      // The reservation settled and the session opened (see sessions.open), only while the password
      // is still the one checked: a reset or change during the check has ended every session.
      const opened = await db
        .transaction()
        .execute(async (trx) =>
          (await createAccountsRepo(trx).holdPassword(user.id, checked))
            ? sessions.open(trx, user.id, client, ['pwd'], lockout.succeededWith(attempt))
            : undefined,
        );
      if (!opened) throw new AppError('invalid_credentials');
      return { signedIn: await sessions.signedIn(user, opened) };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
