import type { CoreDeps } from './deps';
import {
  type AccountsOptionsInput,
  createAccountsModule,
  holdAccount,
  holdForNewCredential,
} from './modules/accounts';
import { createAdminModule } from './modules/admin';
import { createApisModule } from './modules/apis';
import { createClientsModule, deleteClientsOf, holdApps } from './modules/clients';
import type { BackgroundTask, ModuleParts } from './modules/contract';
import {
  createDeveloperModule,
  endRegistration,
  endRegistrationTokensOf,
  logoFolderUrl,
  logoKeyOf,
  registrationTokensOf,
} from './modules/developer';
import { createFactorsModule, createFactorsService } from './modules/factors';
import { createMailModule, type MailWorkerOptions } from './modules/mail';
import { createMetricsModule, type Metrics } from './modules/metrics';
import { createNotificationsModule } from './modules/notifications';
import {
  appScopesGrantedBy,
  createOAuthModule,
  endAccountGrants,
  endClientGrants,
  endEngineSessionsOf,
  endGrantsBeyondScopes,
  endOneFactorSignIns,
  narrowApiGrants,
  type OAuthEngine,
} from './modules/oauth';
import { createProfilesModule, publicNames } from './modules/profiles';
import { createRateLimiter } from './modules/ratelimit';
import { createSecurityModule } from './modules/security';
import { createServicesModule } from './modules/services';
import { createStorageModule, type ObjectStorage } from './modules/storage';
import { createWebhooksModule, type WebhookWorkerOptions } from './modules/webhooks';

/** Tunables of a composition (tests lower limits and delays here); `{}` for the defaults. */
/** The rate-limit budgets the modules key by account (`<budget>:<account id>`): deleted with it. */
const ACCOUNT_BUDGETS = [
  'picture-uploads',
  'logo-uploads',
  'app-registrations',
  'api-registrations',
  'member-additions',
  'member-notices',
  'totp-setup:user',
  'email-change:user',
] as const;

export interface ComposeOptions {
  accounts?: AccountsOptionsInput;
  mailWorker?: Partial<MailWorkerOptions>;
  webhookWorker?: Partial<WebhookWorkerOptions>;
  /** This process is one worker of `npm start`'s cluster (main.ts): /metrics sums every worker. */
  clusterWorker?: boolean;
}

/** Every module, built and wired: what the app mounts and what the server runs. */
export interface Composition {
  /** Every module's parts, in mounting order. */
  modules: readonly ModuleParts[];
  /** The OAuth engine, which answers its own paths ahead of the app. */
  engine: OAuthEngine;
  metrics: Metrics;
  storage: ObjectStorage;
  /** Every module's background work, in the order it starts (and, reversed, stops). */
  background: readonly BackgroundTask[];
  /** Whether a session is still live (a request's error is told apart from an account gone). */
  sessionLive: (sessionId: string, userId: string) => Promise<boolean>;
}

/**
 * The one place modules are built and connected. Each gets what it needs in, all required; what one
 * module gives out (a service, a guard, a hook) is handed to the next here, never imported.
 */
export async function composeModules(deps: CoreDeps, options: ComposeOptions = {}): Promise<Composition> {
  const { config, dbHandle, logger } = deps;
  const db = dbHandle.db;

  const mail = createMailModule({ config, db, logger, worker: options.mailWorker ?? {} });
  const metricsModule = createMetricsModule({
    config,
    sources: {
      outboxDepth: mail.pending,
      pools: dbHandle.pool ? { app: dbHandle.pool } : undefined,
      poolMax: config.database.poolSize,
      clusterWorker: options.clusterWorker ?? false,
    },
  });
  const { metrics } = metricsModule;
  const storage = createStorageModule({ config });
  const clients = createClientsModule({
    db,
    logger,
    listen: dbHandle.listen,
    people: { ...publicNames, hold: holdAccount },
    onTransferred: endRegistration,
  });
  const factors = createFactorsService({
    db,
    secretKey: config.secretKey,
    publicUrl: config.publicUrl,
    onMailQueued: mail.onMailQueued,
    holdForNewCredential,
  });
  const accounts = createAccountsModule({
    factors,
    endAppAccess: async (trx, userId, since) => {
      // The apps hear of it as of a revocation in Connected apps, before the grants go.
      for (const { clientId } of await appScopesGrantedBy(trx, userId)) {
        await oauth.logoutNotices.accessEnded(trx, userId, clientId);
        await webhooks.events.grantRevoked(trx, userId, clientId);
      }
      await endAccountGrants(trx, userId);
      await endRegistrationTokensOf(trx, userId, since);
      await apis.apis.removeAccessSince(trx, userId, since);
    },
    removeMembersAddedSince: (userId, since) => clients.members.removeAddedSince(userId, since),
    takeBackAppsSince: (userId, since) => clients.members.takeBackHandedOverSince(userId, since),
    secureAppsSince: async (userId, since) => {
      try {
        await developer.secureAppsSince(userId, since);
      } finally {
        await webhooks.webhooks.removeChangedSince(userId, since);
      }
    },
    onAccountDeleting: async (trx, userId) => {
      // The apps the person used hear of it (back-channel logout, webhooks), before their grants go.
      await oauth.logoutNotices.accountDeleting(trx, userId);
      await webhooks.events.userDeleting(trx, userId);
      await apis.apis.removeAllOf(trx, userId);
      await endAccountGrants(trx, userId);
      // As a member leaving: what they asked for on others' apps ends, and the owners are told.
      await clients.members.leaveAllOf(trx, userId);
      for (const clientId of await deleteClientsOf(trx, userId)) await endClientGrants(trx, clientId);
      // Its own budgets (uploads, registrations, members, first codes, changes of address) go with it.
      await createRateLimiter(trx).forgetAccount(userId, ACCOUNT_BUDGETS);
    },
    // 'Download your data': what the other modules hold about the person, through their services.
    personalData: async (userId) => {
      const profile = await profiles.profiles.profile(userId);
      return {
        profile,
        preferences: await profiles.profiles.preferences(userId),
        interests: (await profiles.profiles.interests(userId)).interests,
        service_claims: (await profiles.profiles.claims(userId)).claims,
        authorized_apps: (await oauth.connectedApps.list(userId)).apps,
        // What the apps' statistics count of the person (31 days), by app.
        app_usage_events: await clients.clients.usageOf(userId),
        developer_apps: await clients.clients.listOwned(userId),
        developer_apis: await apis.apis.list(userId),
        registration_tokens: await registrationTokensOf(db, userId),
        second_factors: await factors.overview(userId),
        avatar: await avatarOf(storage.storage, profile.avatar_url),
        notifications: await notifications.notifications.all(userId),
      };
    },
    onEmailChanged: (trx, userId) => webhooks.events.userUpdated(userId, ['email'], trx),
    // After the deletion committed: a file left is logged, never the answer to the person.
    onAccountDeleted: async (userId) => {
      // An app handed over from this account may show its logo from this account's folder: that
      // file stays (the app removes it when it drops it), the others go. Unsure, all stay.
      const shown = await clients.clients.logosShownUnder(logoFolderUrl(userId)).catch(() => undefined);
      const keep = new Set(shown?.flatMap((url) => logoKeyOf(url) ?? []));
      const folders = [`avatars/${userId}/`, ...(shown ? [`oauth2-logos/${userId}/`] : [])];
      for (const folder of folders)
        await storage.storage
          .deletePrefix(folder, keep)
          .catch((err: unknown) => logger.warn({ err, folder }, 'files of a deleted account not removed'));
    },
    ...deps,
    options: options.accounts ?? {},
    onMailQueued: mail.onMailQueued,
    // Ending Omnia sessions ends the OAuth engine's sessions and interactions that hang on them.
    onSessionsEnded: async (userId) => {
      // Their apps get logout tokens (Back-Channel Logout 1.0).
      await oauth.logoutNotices.sessionsEnded(await endEngineSessionsOf(db, userId));
    },
  });
  const guard = accounts.guards.verifiedUser;
  const webhooks = createWebhooksModule({
    db,
    secretKey: config.secretKey,
    production: config.env === 'production',
    logger,
    appsOfPerson: appScopesGrantedBy,
    holdApps,
    appOf: async (userId, id) => (await clients.clients.findOwned(userId, id))?.client_id,
    changeApp: clients.clients.changeKeptElsewhere,
    changedSince: clients.clients.webhookChangedSince,
    guard,
    fresh: accounts.guards.fresh,
    worker: options.webhookWorker ?? {},
  });
  const notifications = createNotificationsModule({ db, guard });
  const services = createServicesModule({ db });
  const apis = createApisModule({
    db,
    publicUrl: config.publicUrl,
    suiteAddresses: async () => (await services.catalogue.listAll()).flatMap((s) => (s.url ? [s.url] : [])),
    appOf: (clientId) => clients.clients.findByClientId(clientId),
    narrowGrants: narrowApiGrants,
    guard,
    fresh: accounts.guards.fresh,
  });
  const oauth = await createOAuthModule({
    db,
    clientCache: clients.clientCache,
    logger,
    publicUrl: config.publicUrl,
    secretKey: config.secretKey,
    keyTiming: config.signingKeys,
    production: config.env === 'production',
    secureCookies: config.secureCookies,
    addressing: config.addressing,
    clients: clients.clients,
    recordUsage: clients.recordUsage,
    recordClientError: clients.recordClientError,
    tokensIssued: (grantType) => metrics.tokenIssued(grantType),
    verifier: accounts.verifier,
    guard,
    // RP-initiated logout signs the browser out of Omnia as well.
    endBrowserSession: ({ sessionId, userId }) => accounts.endSession(sessionId, userId),
    // A passkey counts: the consent screen then asks for it ('Confirm it's you').
    hasSecondFactor: async (userId) =>
      (await factors.hasSecondFactor(userId)) || (await factors.passkeys.hasAny(userId)),
    onAppAuthorized: (userId, app) => accounts.appAuthorized(userId, app),
    apis: apis.apis,
    onAppRevoked: webhooks.events.grantRevoked,
  });
  const profiles = createProfilesModule({
    db,
    storage: storage.storage,
    services: services.catalogue,
    guard,
    onClaimsChanged: (userId, changed) => webhooks.events.userUpdated(userId, changed),
  });

  const developer = createDeveloperModule({
    db,
    logger,
    clients: clients.clients,
    members: clients.members,
    config,
    storage: storage.storage,
    grants: {
      endBeyondScopes: endGrantsBeyondScopes,
      endAll: endClientGrants,
      endOneFactor: endOneFactorSignIns,
      logoutDeliveries: (clientId) => oauth.logoutDeliveries(clientId),
    },
    accountExists: (userId) => holdAccount(db, userId),
    guard,
    fresh: accounts.guards.fresh,
  });
  const modules: ModuleParts[] = [
    metricsModule,
    storage,
    oauth,
    mail,
    services,
    accounts,
    createSecurityModule({ db, guard }),
    notifications,
    createFactorsModule({
      factors,
      guard,
      fresh: accounts.guards.fresh,
      confirmed: accounts.guards.confirmed,
      justConfirmed: accounts.guards.justConfirmed,
      accountOf: accounts.accountOf,
      markSecondFactor: accounts.markSecondFactor,
    }),
    profiles,
    developer,
    apis,
    webhooks,
    createAdminModule({
      clients: clients.clients,
      onDecided: webhooks.events.appReviewed,
      endGrants: endClientGrants,
      dataDir: config.dataDir,
      signingKeys: {
        list: () => oauth.engine.keys.list(),
        async rotate(options) {
          const key = await oauth.engine.keys.rotate(options);
          await oauth.engine.keys.refresh();
          return key;
        },
      },
    }),
    clients,
  ];
  return {
    modules,
    engine: oauth.engine,
    metrics,
    storage: storage.storage,
    background: modules.flatMap((m) => m.background ?? []),
    sessionLive: async (sessionId, userId) =>
      (await accounts.verifier.ofSession(sessionId, userId)) !== undefined,
  };
}

/** The avatar's file, for the person's own export: its type and bytes (base64). */
async function avatarOf(storage: ObjectStorage, url: string | null) {
  const key = url ? new URL(url, 'http://x').pathname.replace(/^\/storage\//, '') : undefined;
  const file = key ? await storage.get(key).catch(() => undefined) : undefined;
  if (!file) return null;
  const bytes = Buffer.from(await new Response(file.body).arrayBuffer());
  return { content_type: file.contentType, data_base64: bytes.toString('base64') };
}
