import { DEFAULT_LANGUAGE } from '@omnia/contracts';
import { createBrowserSessionSigner } from '../../crypto/browser-session';
import type { Db } from '../../db/connect';
import type { CoreDeps } from '../../deps';
import { createAuthGuards } from '../../http/auth';
import type { ModuleParts } from '../contract';
import { enqueueMail } from '../mail';
import { createProfilesRepo } from '../profiles';
import { createRateLimiter } from '../ratelimit';
import { createAccessTokens } from './access-tokens';
import { accountRoutes } from './account-routes';
import { createActiveSessions } from './active-sessions';
import { activeSessionsRoutes } from './active-sessions-routes';
import {
  createBrowserSessionCookie,
  createRefreshCookie,
  createTwoStepCookie,
  createVerifyNonceCookie,
} from './cookies';
import { createAccountDeletion } from './deletion';
import { createEmailChange } from './email-change';
import { createDataExport } from './export';
import { createFailedSignInsWorker } from './failed-sign-ins';
import { createLinkRequestsWorker } from './link-requests';
import { appAuthorizedEmail } from './notices';
import {
  type AccountsOptionsInput,
  resolveAccountsOptions,
  signupsPerIp,
  verificationsPerIp,
} from './options';
import { createPasswordService } from './password-service';
import { createReauthentication } from './reauthenticate';
import { createAccountsRepo } from './repo';
import { authRoutes } from './routes';
import type { SecondFactors } from './second-factors';
import { createAccountsService } from './service';
import { sessionLogsRoutes } from './session-logs-routes';
import { createSessions, type SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { confirmedGuard, stepUpGuard } from './step-up';

const JUST_CONFIRMED_MS = 2 * 60 * 1000;

import { createTwoStep, TWO_STEP_TTL_SECONDS } from './two-step';
import { createAccessVerifier } from './verifier';

/**
 * The accounts module: sign-up, sign-in, sessions and passwords; the access-token verifier and the
 * auth guards every other module's routes use.
 */
export function createAccountsModule(
  deps: CoreDeps & {
    /** Tunables (tests lower the limits); `{}` for the defaults. */
    options: AccountsOptionsInput;
    /** Called when a committed transaction queued mail, so the worker delivers it at once. */
    onMailQueued: () => void;
    onSessionsEnded: SessionsEnded;
    /** The account's second factors (the factors module's). */
    factors: SecondFactors;
    /**
     * The account's grants at every app and its tokens that register apps end, and the ways into its
     * apps and APIs made since then (in the caller's transaction, after a cancelled change).
     */
    endAppAccess: (trx: Db, userId: string, since: Date) => Promise<void>;
    /** Members added to the account's apps since then go (after a cancelled change of address). */
    removeMembersAddedSince: (userId: string, since: Date) => Promise<void>;
    /** Apps the account handed over since then come back (after a cancelled change of address). */
    takeBackAppsSince: (userId: string, since: Date) => Promise<void>;
    /** Secrets the account was shown since then are replaced, and its apps made since lose its trust. */
    secureAppsSince: (userId: string, since: Date) => Promise<void>;
    /** An account is being deleted (in its transaction): other modules end what they hold of it. */
    onAccountDeleting: (trx: Db, userId: string) => Promise<void>;
    /** The account's address changed (in its transaction). */
    onEmailChanged: (trx: Db, userId: string) => Promise<void>;
    /** An account was deleted (after the commit): files in storage go. */
    onAccountDeleted: (userId: string) => Promise<void>;
    /** What other modules hold about a person, for 'Download your data'. */
    personalData: (userId: string) => Promise<Record<string, unknown>>;
  },
) {
  const { config, logger, onSessionsEnded } = deps;
  const db = deps.dbHandle.db;
  // The configured per-address budget for sign-ups (and the verifications they need); a module
  // option given in code (tests) wins.
  const options = resolveAccountsOptions({
    ...deps.options,
    limits: {
      signupPerIp: signupsPerIp(config.signupsPerIpPerHour),
      verifyPerIp: verificationsPerIp(config.signupsPerIpPerHour),
      ...deps.options?.limits,
    },
  });
  const accessTokens = createAccessTokens({ db, secretKey: config.secretKey, issuer: config.publicUrl });
  const verifier = createAccessVerifier(db, accessTokens);
  const limiter = createRateLimiter(db);
  // auth.user / auth.verifiedUser guard the routers of every module.
  const guards = createAuthGuards(verifier);
  const sessions = createSessions({
    db,
    accessTokens,
    options,
    logger,
    onSessionsEnded,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
  });
  const linkRequests = createLinkRequestsWorker({
    db,
    settings: { ...options, publicUrl: config.publicUrl },
    pollMs: options.queuePollMs,
    logger,
  });
  const serviceDeps = {
    db,
    limiter,
    options,
    publicUrl: config.publicUrl,
    onMailQueued: deps.onMailQueued,
    onSessionsEnded,
    factors: deps.factors,
  };
  const failedSignIns = createFailedSignInsWorker({ ...serviceDeps, pollMs: options.queuePollMs, logger });
  const twoStep = createTwoStep({ ...serviceDeps, sessions });
  const emailChange = createEmailChange({
    ...serviceDeps,
    endAppAccess: deps.endAppAccess,
    removeMembersAddedSince: deps.removeMembersAddedSince,
    takeBackAppsSince: deps.takeBackAppsSince,
    secureAppsSince: deps.secureAppsSince,
    logger,
    onDeleting: deps.onAccountDeleting,
    onDeleted: deps.onAccountDeleted,
    onEmailChanged: deps.onEmailChanged,
  });
  const cookie = createRefreshCookie({
    secure: config.secureCookies,
    maxAgeSeconds: options.sessionTtlSeconds,
  });
  const browserSession = createBrowserSessionCookie({
    secure: config.secureCookies,
    maxAgeSeconds: options.sessionTtlSeconds,
    signer: createBrowserSessionSigner(config.secretKey),
  });

  const activeSessions = createActiveSessions({ db, onSessionsEnded });

  const authRouter = authRoutes({
    accounts: createAccountsService({ ...serviceDeps, sessions, twoStep }),
    passwords: createPasswordService({ ...serviceDeps, twoStep }),
    reauthentication: createReauthentication({ ...serviceDeps, sessions }),
    sessions,
    verifier,
    cookie,
    browserSession,
    verifyCookie: createVerifyNonceCookie({
      secure: config.secureCookies,
      maxAgeSeconds: options.verifyTokenTtlSeconds,
    }),
    twoStepCookie: createTwoStepCookie({ secure: config.secureCookies, maxAgeSeconds: TWO_STEP_TTL_SECONDS }),
    twoStep,
    factors: deps.factors,
    emailChange,
    publicUrl: config.publicUrl,
  });
  const fresh = stepUpGuard(verifier, deps.factors);
  const parts: ModuleParts = {
    background: [linkRequests, failedSignIns],
    api: [
      { path: '/auth', router: authRouter },
      { path: '/me/session-logs', router: sessionLogsRoutes(guards.verifiedUser, activeSessions) },
      {
        path: '/me/account',
        router: accountRoutes({
          guard: guards.verifiedUser,
          fresh,
          verifier,
          cookie,
          browserSession,
          dataExport: createDataExport({ db, collect: deps.personalData }),
          emailChange,
          deletion: createAccountDeletion({
            ...serviceDeps,
            onDeleting: deps.onAccountDeleting,
            onDeleted: deps.onAccountDeleted,
          }),
        }),
      },
      {
        path: '/me/sessions',
        router: activeSessionsRoutes({ guard: guards.verifiedUser, sessions: activeSessions }),
      },
    ],
  };
  return {
    ...parts,
    verifier,
    guards: {
      ...guards,
      fresh,
      // Adding a way to sign in confirms it's you every time, however fresh the sign-in.
      confirmed: confirmedGuard(verifier, deps.factors),
      // So does turning two-step off, within the last two minutes.
      justConfirmed: confirmedGuard(verifier, deps.factors, JUST_CONFIRMED_MS),
    },
    /** The person allowed an app: they are told by e-mail, in their language. */
    async appAuthorized(userId: string, app: string) {
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) return;
      await db.transaction().execute(async (trx) => {
        const lang = (await createProfilesRepo(trx).languageOf(userId)) ?? DEFAULT_LANGUAGE;
        await enqueueMail(
          trx,
          appAuthorizedEmail(user.email, app, `${config.publicUrl}/settings?tab=security`, lang),
        );
      });
      deps.onMailQueued();
    },
    /** A second factor was just verified in this session (set up with its first code). */
    markSecondFactor: (sessionId: string) => sessions.markSecondFactor(sessionId),
    /** An account's id and e-mail (for other modules' notices); undefined when it is gone. */
    async accountOf(userId: string): Promise<{ id: string; email: string } | undefined> {
      const user = await createAccountsRepo(db).findUserById(userId);
      return user && { id: user.id, email: user.email };
    },
    /** Ends one session (an application's RP-initiated logout) and what hangs on it elsewhere. */
    async endSession(sessionId: string, userId: string) {
      await createSessionsRepo(db).revokeSession(sessionId);
      await onSessionsEnded(userId);
    },
  };
}
