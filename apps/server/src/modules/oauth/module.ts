import type { MiddlewareHandler } from 'hono';
import { type BrowserSession, createBrowserSessionSigner } from '../../crypto/browser-session';
import type { Db } from '../../db/connect';
import type { AccessVerifier } from '../../http/auth';
import type { ClientAddressing } from '../../http/client-address';
import type { AppEnv } from '../../http/context';
import { ownCookie } from '../../http/cookies';
import type { Logger } from '../../logger';
import type { ApisService } from '../apis';
import {
  type ClientCache,
  type ClientErrorEntry,
  type ClientsService,
  holdApps,
  type UsageRecorder,
} from '../clients';
import type { ModuleParts } from '../contract';
import { createConnectedApps } from './connected-apps';
import { connectedAppsRoutes } from './connected-apps-routes';
import { createConsentReuse } from './consent-reuse';
import { consentRoutes } from './consent-routes';
import { createConsentService } from './consent-service';
import { createOAuthEngine } from './engine';
import { endSessionTokens } from './grants-repo';
import { createDeliveriesRepo } from './logout-delivery/deliveries-repo';
import { createLogoutNotices } from './logout-delivery/logout-notices';
import { recentDeliveries } from './logout-delivery/recent';
import { createLogoutWorker } from './logout-delivery/worker';
import type { KeyTiming } from './signing-keys';
import { followSigningKeys } from './signing-keys-follower';
import { silentAuthorization } from './silent-authorization';

/**
 * The OAuth2 / OpenID Connect provider: the engine (oidc-provider, which answers its own paths,
 * see `engine.owns`), the consent API behind the consent screen and the user's connected apps.
 */
export async function createOAuthModule(deps: {
  db: Db;
  /** The clients module's cache of client rows (the engine's client look-ups). */
  clientCache: ClientCache;
  logger: Logger;
  publicUrl: string;
  secretKey: string;
  /** Production: a back-channel logout URI on this machine or a private network is never called. */
  production: boolean;
  /** When the engine's signing keys rotate (KEY_ROTATION_DAYS, KEY_ACTIVATION_DELAY_MINUTES). */
  keyTiming: KeyTiming;
  secureCookies: boolean;
  /** How the client's address is known (rate limits by client address). */
  addressing: ClientAddressing;
  clients: ClientsService;
  recordUsage: UsageRecorder;
  /** Notes a refusal of an app's request, for its page's 'Recent errors'. */
  recordClientError: (clientId: string, entry: ClientErrorEntry) => void;
  /** A token request succeeded and its tokens are stored (metrics). */
  tokensIssued: (grantType: string) => void;
  verifier: AccessVerifier;
  guard: MiddlewareHandler<AppEnv>;
  /** RP-initiated logout confirmed: the browser's Omnia session ends too. */
  endBrowserSession: (session: BrowserSession) => Promise<void>;
  /** Whether an account has a second factor (the factors module). */
  hasSecondFactor: (userId: string) => Promise<boolean>;
  /** The person allowed an app (after it is stored): they are told by e-mail. */
  onAppAuthorized: (userId: string, app: string) => Promise<void>;
  /** Developers' APIs (the apis module): resource servers, consent texts, introspection credentials. */
  apis: ApisService;
  /** The person revoked an app in Connected apps (in that transaction): its webhook hears of it. */
  onAppRevoked: (trx: Db, accountId: string, clientId: string) => Promise<void>;
}) {
  const { db, clients, recordUsage, publicUrl } = deps;
  // Logout tokens queued by whatever ended a sign-in, delivered by this instance's worker.
  let kickLogouts = () => {};
  const logoutNotices = createLogoutNotices({ db, kick: () => kickLogouts() });
  const consentReuse = createConsentReuse(clients);
  const engine = await createOAuthEngine({
    db,
    clientCache: deps.clientCache,
    logger: deps.logger,
    publicUrl,
    secretKey: deps.secretKey,
    keyTiming: deps.keyTiming,
    secureCookies: deps.secureCookies,
    allowLoopback: !deps.production,
    addressing: deps.addressing,
    recordUsage,
    recordClientError: deps.recordClientError,
    tokensIssued: deps.tokensIssued,
    endBrowserSession: deps.endBrowserSession,
    isAppWebOrigin: clients.isAppWebOrigin,
    previousSecretOf: clients.livePreviousSecret,
    consentReuse,
    apis: deps.apis,
    loggedOut: (sessionUid, clientIds) => endSessionTokens(db, sessionUid, clientIds),
    logoutSent: logoutNotices.sentByEngine,
    sessionLive: async ({ sessionId, userId }) =>
      (await deps.verifier.ofSession(sessionId, userId)) !== undefined,
  });
  const consent = createConsentService({
    db,
    clients,
    consentReuse,
    provider: () => engine.provider,
    publicUrl,
    recordUsage,
    hasSecondFactor: deps.hasSecondFactor,
    onAppAuthorized: deps.onAppAuthorized,
    apisAsked: deps.apis.consentApis,
    apiScopesHeld: deps.apis.scopesHeld,
  });
  engine.extend((provider) =>
    provider.use(
      silentAuthorization({
        hints: engine.hints,
        verifier: deps.verifier,
        consent,
        provider: () => engine.provider,
        publicUrl,
      }),
    ),
  );
  const logoutWorker = createLogoutWorker({
    repo: createDeliveriesRepo(db),
    issuer: publicUrl,
    signingKey: (alg) => engine.keys.active(alg),
    allowLoopback: !deps.production,
    logger: deps.logger,
  });
  kickLogouts = logoutWorker.kick;
  const apps = createConnectedApps({
    db,
    clients,
    publicUrl,
    recordUsage,
    describeApi: deps.apis.describe,
    holdApp: (trx, clientId) => holdApps(trx, [clientId]),
    onRevoked: async (trx, accountId, clientId) => {
      await logoutNotices.appRevoked(trx, accountId, clientId);
      await deps.onAppRevoked(trx, accountId, clientId);
    },
  });
  const signer = createBrowserSessionSigner(deps.secretKey);
  const parts: ModuleParts = {
    background: [followSigningKeys(engine, deps.logger), logoutWorker],
    site: [
      {
        path: '/oauth2/consent',
        router: consentRoutes(
          {
            verifier: deps.verifier,
            signer,
            browserCookie: ownCookie('browserSession', deps.secureCookies).name,
          },
          consent,
        ),
      },
    ],
    api: [{ path: '/me/connected-apps', router: connectedAppsRoutes({ guard: deps.guard, apps }) }],
  };
  return {
    ...parts,
    engine,
    connectedApps: apps,
    logoutNotices,
    logoutDeliveries: (clientId: string) => recentDeliveries(db, clientId),
  };
}
