import type { MiddlewareHandler } from 'hono';
import { createBrowserSessionSigner } from '../../crypto/browser-session';
import type { Db } from '../../db/connect';
import type { AccessVerifier } from '../../http/auth';
import type { AppEnv } from '../../http/context';
import type { ClientsService } from '../clients/service';
import type { UsageRecorder } from '../clients/usage';
import { createConnectedApps } from './connected-apps';
import { connectedAppsRoutes } from './connected-apps-routes';
import { consentRoutes } from './consent-routes';
import { createConsentService } from './consent-service';
import type { OAuthEngine } from './engine';

/** The app-side routes of the OAuth feature: the consent API and the user's connected apps. */
export function createOAuthModule(deps: {
  db: Db;
  engine: OAuthEngine;
  clients: ClientsService;
  recordUsage: UsageRecorder;
  publicUrl: string;
  secretKey: string;
  verifier: AccessVerifier;
  guard: MiddlewareHandler<AppEnv>;
}) {
  const { db, clients, recordUsage, publicUrl } = deps;
  const consent = createConsentService({
    db,
    clients,
    provider: deps.engine.provider,
    publicUrl,
    recordUsage,
  });
  const apps = createConnectedApps({ db, clients, publicUrl, recordUsage });
  return {
    consentRouter: () =>
      consentRoutes({ verifier: deps.verifier, signer: createBrowserSessionSigner(deps.secretKey) }, consent),
    connectedAppsRouter: () => connectedAppsRoutes({ guard: deps.guard, apps }),
  };
}
