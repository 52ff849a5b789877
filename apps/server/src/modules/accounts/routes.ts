import {
  changePasswordSchema,
  emailLinkSchema,
  forgotPasswordSchema,
  loginSchema,
  resendSchema,
  resetLinkSchema,
  resetPasswordSchema,
  signUpSchema,
  type VerifyEmailResponse,
  verifyEmailSchema,
} from '@omnia/contracts';
import {
  passkeyAssertionSchema,
  type RecoveryRequestResponse,
  recoveryCodeSchema,
  stepUpSchema,
  totpCodeSchema,
} from '@omnia/contracts/factors';
import { type Context, Hono } from 'hono';
import { AppError } from '../../errors';
import type { AccessVerifier } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { parseJson } from '../../http/validate';
import { languageFromHeader } from '../mail';
import {
  type BrowserSessionCookie,
  clearEngineSession,
  type RefreshCookie,
  sameOriginOnly,
  type TwoStepCookie,
  type VerifyNonceCookie,
} from './cookies';
import type { EmailChange } from './email-change';
import type { PasswordService } from './password-service';
import type { Reauthentication } from './reauthenticate';
import type { SecondFactors } from './second-factors';
import type { AccountsService } from './service';
import type { ClientInfo, Sessions, SignIn } from './sessions';
import { assertFreshSecondFactor } from './step-up';
import type { TwoStep } from './two-step';

/** A mailed link's page, with its token (a token that is not plain text is dropped). */
const linkPage = (path: string, token: string | undefined) =>
  token && /^[\w-]{1,200}$/.test(token) ? `${path}?token=${token}` : path;

const clientOf = (c: Context<AppEnv>): ClientInfo => ({
  userAgent: c.req.header('user-agent'),
  ip: c.get('clientIp') ?? null,
});

/** /api/auth/*: thin handlers over the accounts services (API.auth in contracts/api.ts). */
export function authRoutes(deps: {
  accounts: AccountsService;
  passwords: PasswordService;
  reauthentication: Reauthentication;
  sessions: Sessions;
  verifier: AccessVerifier;
  cookie: RefreshCookie;
  browserSession: BrowserSessionCookie;
  verifyCookie: VerifyNonceCookie;
  twoStepCookie: TwoStepCookie;
  twoStep: TwoStep;
  factors: SecondFactors;
  emailChange: EmailChange;
  publicUrl: string;
}) {
  const { accounts, passwords, sessions, verifier, cookie, browserSession } = deps;
  /** The browser's cookies follow its one session: the refresh token and its name for the OAuth engine. */
  const holdSession = (c: Context<AppEnv>, result: SignIn) => {
    cookie.set(c, result.refreshToken);
    browserSession.set(c, { sessionId: result.sessionId, userId: result.session.user.id });
  };
  const signedIn = (c: Context<AppEnv>, result: SignIn) => {
    holdSession(c, result);
    return c.json(result.session);
  };
  /**
   * Ends the session this browser held before (one per browser), once what the request did has
   * committed (a link used, a recovery code spent): a failure is logged, never the answer.
   */
  const closeEarlier = (c: Context<AppEnv>, except?: string) =>
    sessions
      .close(cookie.read(c), except)
      .catch((err: unknown) => c.get('logger').warn({ err }, 'this browser’s earlier session not ended'));
  /** No session in this browser any more: nothing of it stays behind. */
  const dropSession = (c: Context<AppEnv>) => {
    cookie.clear(c);
    browserSession.clear(c);
    clearEngineSession(c);
  };

  return (
    new Hono<AppEnv>()
      .use(sameOriginOnly(deps.publicUrl))
      .post('/signup', async (c) => {
        const input = await parseJson(c, signUpSchema);
        const language = input.language ?? languageFromHeader(c.req.header('accept-language'));
        const { body, verifyNonce } = await accounts.signUp({ ...input, language }, clientOf(c));
        deps.verifyCookie.set(c, verifyNonce);
        return c.json(body, 201);
      })
      .post('/resend', async (c) => {
        const input = await parseJson(c, resendSchema);
        return c.json(await accounts.resend(input, clientOf(c)));
      })
      // Links mailed before their pages existed: opening one changes nothing, it shows the page.
      .get('/verify', (c) => c.redirect(linkPage('/auth/callback', c.req.query('token')), 303))
      .get('/confirm-email', (c) => c.redirect(linkPage('/auth/confirm-email', c.req.query('token')), 303))
      .get('/cancel-email-change', (c) =>
        c.redirect(linkPage('/auth/cancel-email-change', c.req.query('token')), 303),
      )
      .post('/verify/check', async (c) => {
        const { token } = await parseJson(c, emailLinkSchema);
        return c.json(await accounts.checkVerifyLink(token, deps.verifyCookie.read(c), clientOf(c)));
      })
      .post('/verify', async (c) => {
        const input = await parseJson(c, verifyEmailSchema);
        const { signedIn: opened } = await accounts.verifyEmail(
          input,
          deps.verifyCookie.read(c),
          clientOf(c),
        );
        if (!opened) return c.json({ signed_in: false } satisfies VerifyEmailResponse);
        deps.verifyCookie.clear(c);
        // One session per browser: the link's sign-in ends the one this browser held.
        await closeEarlier(c, opened.sessionId);
        holdSession(c, opened);
        return c.json({ signed_in: true } satisfies VerifyEmailResponse);
      })
      // The links of an e-mail change: the new address confirms, the old one cancels.
      .post('/confirm-email', async (c) => {
        const { token } = await parseJson(c, emailLinkSchema);
        await deps.emailChange.confirm(token, clientOf(c));
        return c.json({ ok: true as const });
      })
      .post('/cancel-email-change', async (c) => {
        const { token } = await parseJson(c, emailLinkSchema);
        const result = await deps.emailChange.cancel(token, clientOf(c));
        // Every session of the account has ended. This browser's ends too, as a logout would, even
        // if it was another account's (a shared computer): signed out here is signed out. The
        // cancel has committed: a failure here is logged, never the answer (its reset token).
        await closeEarlier(c);
        dropSession(c);
        return c.json(result);
      })
      .post('/login', async (c) => {
        const outcome = await accounts.logIn(await parseJson(c, loginSchema), clientOf(c));
        if ('twoStep' in outcome) {
          // Half signed in: no session yet; only the second step's endpoints see this cookie.
          deps.twoStepCookie.set(c, outcome.twoStep.token);
          return c.json(outcome.twoStep.answer);
        }
        // One session per browser: signing in (as anyone) ends the one this browser held.
        await closeEarlier(c, outcome.signedIn.sessionId);
        return signedIn(c, outcome.signedIn);
      })
      .post('/passkey/options', async (c) => c.json(await deps.twoStep.signInOptions(clientOf(c))))
      .post('/passkey', async (c) => {
        const { response } = await parseJson(c, passkeyAssertionSchema);
        const result = await deps.twoStep.passkey(response, clientOf(c));
        await closeEarlier(c, result.sessionId);
        return signedIn(c, result);
      })
      .post('/two-step/passkey-options', async (c) =>
        c.json(await deps.twoStep.passkeyOptions(deps.twoStepCookie.read(c))),
      )
      .post('/two-step/passkey', async (c) => {
        const { response } = await parseJson(c, passkeyAssertionSchema);
        const result = await deps.twoStep.complete(
          deps.twoStepCookie.read(c),
          { method: 'passkey', response },
          clientOf(c),
        );
        deps.twoStepCookie.clear(c);
        await closeEarlier(c, result.sessionId);
        return signedIn(c, result);
      })
      .post('/reauthenticate/passkey-options', async (c) => {
        const auth = await verifier.authenticate(c.req.header('authorization'));
        return c.json(await deps.factors.passkeys.accountOptions(auth.userId));
      })
      .post('/two-step/totp', async (c) => {
        const { code } = await parseJson(c, totpCodeSchema);
        const result = await deps.twoStep.complete(
          deps.twoStepCookie.read(c),
          { method: 'totp', code },
          clientOf(c),
        );
        deps.twoStepCookie.clear(c);
        await closeEarlier(c, result.sessionId);
        return signedIn(c, result);
      })
      .post('/two-step/recovery-request', async (c) => {
        const after = await deps.twoStep.requestRecovery(deps.twoStepCookie.read(c), clientOf(c));
        return c.json({ removal_after: after.toISOString() } satisfies RecoveryRequestResponse);
      })
      .post('/two-step/recovery', async (c) => {
        const { code } = await parseJson(c, recoveryCodeSchema);
        const result = await deps.twoStep.complete(
          deps.twoStepCookie.read(c),
          { method: 'recovery', code },
          clientOf(c),
        );
        deps.twoStepCookie.clear(c);
        await closeEarlier(c, result.sessionId);
        return signedIn(c, result);
      })
      .post('/refresh', async (c) => {
        const token = cookie.read(c);
        // No session at all (an anonymous visitor): nothing to refresh and nothing wrong, so no
        // error (the browser would log one on every page); whatever else it holds is cleared.
        if (!token) {
          dropSession(c);
          return c.body(null, 204);
        }
        try {
          return signedIn(c, await sessions.refresh(token, { ip: c.get('clientIp') ?? null }));
        } catch (err) {
          if (err instanceof AppError && (err.code === 'session_expired' || err.code === 'unauthenticated')) {
            // As a logout would: the session of this cookie (not whatever the browser holds by the
            // time the answer lands) ends with its engine sessions, and every cookie of it goes.
            await sessions.close(token);
            dropSession(c);
          }
          throw err;
        }
      })
      .post('/logout', async (c) => {
        await sessions.close(cookie.read(c));
        dropSession(c);
        return c.body(null, 204);
      })
      .post('/reauthenticate', async (c) => {
        const auth = await verifier.authenticate(c.req.header('authorization'));
        const input = await parseJson(c, stepUpSchema);
        await deps.reauthentication.confirm(auth.userId, auth.sessionId, input, clientOf(c));
        return c.json({ ok: true as const });
      })
      .post('/forgot-password', async (c) => {
        const input = await parseJson(c, forgotPasswordSchema);
        return c.json(await passwords.forgot(input, clientOf(c)));
      })
      .post('/reset-password/check', async (c) => {
        const input = await parseJson(c, resetLinkSchema);
        return c.json(await passwords.checkResetLink(input, clientOf(c)));
      })
      .post('/reset-password', async (c) => {
        const input = await parseJson(c, resetPasswordSchema);
        return c.json(await passwords.reset(input, clientOf(c)));
      })
      .post('/change-password', async (c) => {
        const auth = await verifier.authenticate(c.req.header('authorization'));
        // The current password is the proof without a second factor; with one, it must be fresh too.
        await assertFreshSecondFactor(auth, deps.factors);
        const input = await parseJson(c, changePasswordSchema);
        return c.json(await passwords.change(auth.userId, auth.sessionId, input, clientOf(c)));
      })
  );
}
