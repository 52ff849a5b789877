import type { MiddlewareHandler } from 'hono';
import type { CoreDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { createRateLimiter } from '../ratelimit/limiter';
import { createAccessTokens } from './access-tokens';
import { activeSessionsRoutes } from './active-sessions-routes';
import { createRefreshCookie, createVerifyNonceCookie } from './cookies';
import { type AccountsOptionsInput, resolveAccountsOptions } from './options';
import { createPasswordService } from './password-service';
import { authRoutes } from './routes';
import { createAccountsService } from './service';
import { sessionLogsRoutes } from './session-logs-routes';
import { createSessions } from './sessions';
import { createSessionsRepo } from './sessions-repo';
import { createAccessVerifier } from './verifier';

/** Wires the accounts module: the access-token verifier for the auth guards and its routers. */
export function createAccountsModule(
  deps: CoreDeps,
  extras: { onMailQueued?: () => void; options?: AccountsOptionsInput } = {},
) {
  const { config, logger } = deps;
  const db = deps.dbHandle.db;
  const options = resolveAccountsOptions(extras.options);
  const accessTokens = createAccessTokens({ db, secretKey: config.secretKey, issuer: config.publicUrl });
  const verifier = createAccessVerifier(db, accessTokens);
  const limiter = createRateLimiter(db);
  const sessions = createSessions({ db, accessTokens, options, logger });
  const serviceDeps = {
    db,
    limiter,
    options,
    publicUrl: config.publicUrl,
    onMailQueued: extras.onMailQueued ?? (() => {}),
  };
  const cookie = createRefreshCookie({
    secure: config.secureCookies,
    maxAgeSeconds: options.sessionTtlSeconds,
  });

  return {
    verifier,
    authRouter: () =>
      authRoutes({
        accounts: createAccountsService({ ...serviceDeps, sessions }),
        passwords: createPasswordService(serviceDeps),
        sessions,
        verifier,
        cookie,
        verifyCookie: createVerifyNonceCookie({
          secure: config.secureCookies,
          maxAgeSeconds: options.verifyTokenTtlSeconds,
        }),
        publicUrl: config.publicUrl,
      }),
    sessionLogsRouter: (guard: MiddlewareHandler<AppEnv>) =>
      sessionLogsRoutes(guard, (userId, limit) => createSessionsRepo(db).listSessionLogs(userId, limit)),
    activeSessionsRouter: (guard: MiddlewareHandler<AppEnv>) =>
      activeSessionsRoutes({ db, guard, repo: createSessionsRepo(db) }),
  };
}
export type AccountsModule = ReturnType<typeof createAccountsModule>;
