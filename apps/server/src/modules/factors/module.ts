import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import { factorsRoutes } from './routes';
import type { FactorsService } from './service';

/**
 * The second factors' routes under /api/me. The service (createFactorsService) is built first,
 * because the accounts module's sign-in and step-up use it; the routes then use the accounts
 * module's guards.
 */
export function createFactorsModule(deps: {
  factors: FactorsService;
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
  /** 'Confirm it's you' answered in the last ten minutes, a sign-in not counting (adding a factor). */
  confirmed: MiddlewareHandler<AppEnv>;
  /** The same within two minutes: turning two-step off. */
  justConfirmed: MiddlewareHandler<AppEnv>;
  accountOf(userId: string): Promise<{ id: string; email: string } | undefined>;
  markSecondFactor(sessionId: string): Promise<unknown>;
}): ModuleParts {
  return { api: [{ path: '/me', router: factorsRoutes(deps) }] };
}
