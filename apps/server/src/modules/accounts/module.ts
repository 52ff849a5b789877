import { createBrowserSessionSigner } from '../../crypto/browser-session';
import type { CoreDeps } from '../../deps';
import { createAuthGuards } from '../../http/auth';
import type { ModuleParts } from '../contract';
import { createRateLimiter } from '../ratelimit';
import { createAccessTokens } from './access-tokens';
import { createActiveSessions } from './active-sessions';
import { activeSessionsRoutes } from './active-sessions-routes';
import { createBrowserSessionCookie, createRefreshCookie, createVerifyNonceCookie } from './cookies';
import { type AccountsOptionsInput, resolveAccountsOptions } from './options';
import { createPasswordService } from './password-service';
import { createReauthentication } from './reauthenticate';
import { authRoutes } from './routes';
import { createAccountsService } from './service';
import { sessionLogsRoutes } from './session-logs-routes';
import { createSessions, type SessionsEnded } from './sessions';
import { createSessionsRepo } from './sessions-repo';
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
  },
) {
  const { config, logger, onSessionsEnded } = deps;
  const db = deps.dbHandle.db;
  const options = resolveAccountsOptions(deps.options);
  const accessTokens = createAccessTokens({ db, secretKey: config.secretKey, issuer: config.publicUrl });
  const verifier = createAccessVerifier(db, accessTokens);
  const limiter = createRateLimiter(db);
  // auth.user / auth.verifiedUser guard the routers of every module.
  const guards = createAuthGuards(verifier);
  const sessions = createSessions({ db, accessTokens, options, logger, onSessionsEnded });
  const serviceDeps = {
    db,
    limiter,
    options,
    publicUrl: config.publicUrl,
    onMailQueued: deps.onMailQueued,
    onSessionsEnded,
  };
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
    accounts: createAccountsService({ ...serviceDeps, sessions }),
    passwords: createPasswordService(serviceDeps),
    reauthentication: createReauthentication({ ...serviceDeps, sessions }),
    sessions,
    verifier,
    cookie,
    browserSession,
    verifyCookie: createVerifyNonceCookie({
      secure: config.secureCookies,
      maxAgeSeconds: options.verifyTokenTtlSeconds,
    }),
    publicUrl: config.publicUrl,
  });
  const parts: ModuleParts = {
    api: [
      { path: '/auth', router: authRouter },
      { path: '/me/session-logs', router: sessionLogsRoutes(guards.verifiedUser, activeSessions) },
      {
        path: '/me/sessions',
        router: activeSessionsRoutes({ guard: guards.verifiedUser, sessions: activeSessions }),
      },
    ],
  };
  return {
    ...parts,
    verifier,
    guards,
    /** Ends one session (an application's RP-initiated logout) and what hangs on it elsewhere. */
    async endSession(sessionId: string, userId: string) {
      await createSessionsRepo(db).revokeSession(sessionId);
      await onSessionsEnded(userId);
    },
  };
}
