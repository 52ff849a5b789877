import type { MiddlewareHandler } from 'hono';
import { createBrowserSessionSigner } from '../../crypto/browser-session';
import type { CoreDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { createRateLimiter } from '../ratelimit/limiter';
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
import { createAccessVerifier } from './verifier';

/** Wires the accounts module: the access-token verifier for the auth guards and its routers. */
export function createAccountsModule(
  deps: CoreDeps,
  extras: { onMailQueued?: () => void; options?: AccountsOptionsInput; onSessionsEnded: SessionsEnded },
) {
  const { config, logger } = deps;
  const db = deps.dbHandle.db;
  const options = resolveAccountsOptions(extras.options);
  const accessTokens = createAccessTokens({ db, secretKey: config.secretKey, issuer: config.publicUrl });
  const verifier = createAccessVerifier(db, accessTokens);
  const limiter = createRateLimiter(db);
  const { onSessionsEnded } = extras;
  const sessions = createSessions({ db, accessTokens, options, logger, onSessionsEnded });
  const serviceDeps = {
    db,
    limiter,
    options,
    publicUrl: config.publicUrl,
    onMailQueued: extras.onMailQueued ?? (() => {}),
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

  return {
    verifier,
    authRouter: () =>
      authRoutes({
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
      }),
    sessionLogsRouter: (guard: MiddlewareHandler<AppEnv>) => sessionLogsRoutes(guard, activeSessions),
    activeSessionsRouter: (guard: MiddlewareHandler<AppEnv>) =>
      activeSessionsRoutes({ guard, sessions: activeSessions }),
  };
}
export type AccountsModule = ReturnType<typeof createAccountsModule>;
