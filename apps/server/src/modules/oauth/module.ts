import type { MiddlewareHandler } from 'hono';
import { createBrowserSessionSigner } from '../../crypto/browser-session';
import type { Db } from '../../db/connect';
import type { AccessVerifier } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import { connectedAppsRoutes } from './connected-apps-routes';
import { consentRoutes } from './consent-routes';
import { createConsentService } from './consent-service';
import type { OAuthEngine } from './engine';

/** The app-side routes of the OAuth feature: the consent API and the user's connected apps. */
export function createOAuthModule(deps: {
  db: Db;
  engine: OAuthEngine;
  publicUrl: string;
  secretKey: string;
  verifier: AccessVerifier;
  guard: MiddlewareHandler<AppEnv>;
}) {
  const recordUsage = deps.engine.usage.record;
  const consent = createConsentService({
    db: deps.db,
    provider: deps.engine.provider,
    publicUrl: deps.publicUrl,
    recordUsage,
  });
  return {
    consentRouter: () =>
      consentRoutes({ verifier: deps.verifier, signer: createBrowserSessionSigner(deps.secretKey) }, consent),
    connectedAppsRouter: () =>
      connectedAppsRoutes({ db: deps.db, guard: deps.guard, publicUrl: deps.publicUrl, recordUsage }),
  };
}
