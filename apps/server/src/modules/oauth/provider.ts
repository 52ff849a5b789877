import type { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { CLIENT_ASSERTION_ALGS } from '@omnia/contracts/client-security';
import { ACR } from '@omnia/contracts/constants';
import { REGISTRATION_ENDPOINT } from '@omnia/contracts/registration';
import type { JWK } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { BrowserSession } from '../../crypto/browser-session';
import { createCookieSigner } from '../../crypto/cookie-signer';
import type { Db } from '../../db/connect';
import { rateKeyOf } from '../../http/client-address';
import { ownCookie } from '../../http/cookies';
import { createGuardedFetch } from '../../jobs/guarded-fetch';
import type { Logger } from '../../logger';
import type { ClientErrorEntry, UsageRecorder } from '../clients';
import type { ApiTokenRecords } from './api-token-records';
import { wordAuthorizationErrors } from './authorization-errors';
import { limitClientAuthentication } from './client-auth-limit';
import type { ConsentReuse } from './consent-reuse';
import { clientCors, credentialEndpointCors, isSinglePageApp } from './cors';
import { createDevicePages } from './device-pages';
import { devicePolling } from './device-polling';
import { refuseProofsFromTheFuture } from './dpop-clock';
import { ENGINE_ROUTES, ENGINE_TTL, SCOPE_CLAIMS, SPA_REFRESH_TOKEN_TTL } from './engine-constants';
import { engineSessionTtl } from './engine-session-ttl';
import { renderEngineError } from './error-page';
import { loadExistingGrant } from './existing-grant';
import { assertClientAssertion, highSecurityFeatures } from './high-security';
import { askToSignOut, logoutSource, postLogoutSuccessSource } from './logout-pages';
import { recordRefusals } from './recent-errors';
import { refuseTargetBeforeRotation } from './refresh-target';
import { type ResourceRegistry, resourceIndicators } from './resource-servers';
import { signInPolicy } from './sign-in-policy';
import type { EngineStore } from './store';
import { wordGrantErrors } from './token-errors';

/** The languages the sign-in and consent screens speak (ui_locales). */
const UI_LOCALES = ['en', 'es', 'fr', 'de'];

export interface EngineDeps {
  db: Db;
  logger: Logger;
  publicUrl: string;
  secretKey: string;
  secureCookies: boolean;
  /** The signing keys now (the first signs; signing-keys.ts) and the cookie keys. */
  keys: { jwks: { keys: JWK[] }; cookieKeys: string[] };
  recordUsage: UsageRecorder;
  /** Notes a refusal of an app's request, for its page's 'Recent errors' (recent-errors.ts). */
  recordClientError: (clientId: string, entry: ClientErrorEntry) => void;
  /** A token request succeeded and its tokens are stored (metrics). */
  tokensIssued: (grantType: string) => void;
  /** The adapter (the engine's handler runs each request in `store.requests`). */
  store: EngineStore;
  /** RP-initiated logout confirmed: the browser's Omnia session ends too. */
  endBrowserSession: (session: BrowserSession) => Promise<void>;
  /**
   * An RP-initiated logout ended this engine session (its uid, its apps): their tokens of that
   * sign-in end, except those with offline_access.
   */
  loggedOut: (sessionUid: string, clientIds: string[]) => Promise<void>;
  /** The engine sent a logout token at an RP-initiated logout (logout-delivery/): recorded, retried if it failed. */
  logoutSent: (sent: { clientId: string; sub: string; sid: string | null; error?: string }) => Promise<void>;
  /** Whether some app registered this web origin (CORS preflights, cors.ts). */
  isAppWebOrigin: (origin: string) => Promise<boolean>;
  /** The client's address as TRUST_PROXY allows it to be known. */
  clientIp: (req: IncomingMessage) => string | undefined;
  /** Developers' APIs: which one a `resource` names and what an app may get of it. */
  resources: ResourceRegistry;
  /** Outside production the engine may call this machine (an app's URLs in development, tests). */
  allowLoopback: boolean;
  /** Records each person's API token as it is made (api-token-records.ts). */
  apiTokens: Pick<ApiTokenRecords, 'record'>;
  /** Whether a remembered consent may be used again for a redirect URI (consent-reuse.ts). */
  consentReuse: ConsentReuse;
}

/** Signing out at the engine signs the browser out of Omnia: its session cookies go too. */
function signedOutCookies(secure: boolean): string[] {
  const flags = `Max-Age=0; HttpOnly${secure ? '; Secure' : ''}`;
  const refresh = ownCookie('refresh', secure);
  const browser = ownCookie('browserSession', secure);
  return [
    `${refresh.name}=; Path=${refresh.path}; ${flags}; SameSite=Strict`,
    `${browser.name}=; Path=${browser.path}; ${flags}; SameSite=Lax`,
  ];
}

/** Only the client a token was issued to may introspect or revoke it (RFC 7662 §4, RFC 7009 §2.1). */
const ownTokenOnly = async (
  _ctx: KoaContextWithOIDC,
  client: { clientId: string },
  token: { clientId?: string },
) => token.clientId === client.clientId;

/**
 * Introspection asks more (RFC 7662 §2.1: it MUST require authorization, against token scanning):
 * an app without a secret or keys only names itself, which anyone can, so it learns nothing.
 * Revocation stays open to it (RFC 7009 §2.1: a public client revokes its own tokens).
 */
const authenticatedOwnTokenOnly = async (
  ctx: KoaContextWithOIDC,
  client: { clientId: string; clientAuthMethod?: string },
  token: { clientId?: string },
) => client.clientAuthMethod !== 'none' && (await ownTokenOnly(ctx, client, token));

/** oidc-provider configured as docs/architecture.md (OAuth2 / OpenID Connect) describes. */
export function createProvider(deps: EngineDeps): Provider {
  const { db, store } = deps;
  const cookieBase = { signed: true, httpOnly: true, sameSite: 'lax', secure: deps.secureCookies } as const;

  const resources = resourceIndicators(deps.resources);
  const configuration: Configuration = {
    adapter: store.adapter,
    findAccount: (_ctx, sub) => store.findAccount(sub),
    claims: Object.fromEntries(Object.entries(SCOPE_CLAIMS).map(([scope, claims]) => [scope, [...claims]])),
    scopes: ['openid', 'profile', 'email'],
    responseTypes: ['code'],
    // The id_token carries the claims of the granted scopes, as most relying parties expect.
    conformIdTokenClaims: false,
    discovery: {
      ui_locales_supported: UI_LOCALES,
      claims_locales_supported: UI_LOCALES,
      // Dynamic client registration is the Developer Program's (modules/developer/registration).
      registration_endpoint: `${deps.publicUrl}${REGISTRATION_ENDPOINT}`,
    },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    // 'none': single-page and native apps, which have no secret (store/client-metadata.ts);
    // private_key_jwt: apps that registered public keys (RFC 7523, the FAPI 2.0 profile).
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    // FAPI 2.0 §5.4's algorithms for client assertions (no RS256, no HMAC), for every app alike.
    enabledJWA: { clientAuthSigningAlgValues: [...CLIENT_ASSERTION_ALGS] },
    assertJwtClientAuthClaimsAndHeader: assertClientAssertion,
    // A key set the engine fetches for an app (its jwks_uri) is small; a huge answer is refused.
    fetchResponseBodyLimits: { jwks_uri: 64 * 1024 },
    // Not a claim: each person's JWT for an API is recorded as it is made, so revocation reaches it.
    extraTokenClaims: (ctx, token) => deps.apiTokens.record(ctx, token),
    // Its calls to developers' URLs follow the rules of Omnia's own deliveries, checked before a
    // connection opens (the engine's own check looks at a socket already connected).
    fetch: createGuardedFetch(deps.allowLoopback),
    // PKCE unless a confidential client turned it off in the Developer Program and this request
    // sends an OpenID Connect nonce instead (RFC 9700 §2.1.1): without either, it is required all
    // the same. A public client always uses it.
    pkce: {
      required: (ctx, client) =>
        client.clientAuthMethod === 'none' || client.require_pkce !== false || !ctx.oidc.params?.nonce,
    },
    clientBasedCORS: clientCors,
    // Kept under its own (snake_case) name on the engine's client.
    extraClientMetadata: { properties: ['require_pkce', 'require_two_step', 'fapi_2', 'testing_mode'] },
    acrValues: [ACR.password, ACR.twoStep],
    routes: ENGINE_ROUTES,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: ownTokenOnly },
      introspection: { enabled: true, allowedPolicy: authenticatedOwnTokenOnly },
      userinfo: { enabled: true },
      claimsParameter: { enabled: true },
      requestObjects: { enabled: false },
      ...highSecurityFeatures(deps.secretKey),
      // Services (machine to machine) call developers' APIs: store/client-metadata.ts gives the
      // grant to services only, and resource-servers.ts requires an API.
      clientCredentials: { enabled: true },
      resourceIndicators: resources,
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
      // Back-Channel Logout 1.0: ID tokens carry `sid` for an app with a back-channel logout URI,
      // and at an RP-initiated logout the engine sends the logout tokens; every other ending of a
      // sign-in is Omnia's to send, with retries (logout-delivery/).
      backchannelLogout: { enabled: true },
      // User codes of eight letters from twenty consonants (no vowels, no look-alikes), shown as
      // XXXX-XXXX (RFC 8628 §6.1); the pages are the web app's (device-pages.ts).
      deviceFlow: {
        enabled: true,
        charset: 'base-20',
        mask: '****-****',
        ...createDevicePages(store.requests.hints),
        // What the consent screen says of the device: its address as TRUST_PROXY knows it (the
        // engine's own would believe any X-Forwarded-For the device sends).
        deviceInfo: (ctx) => ({ ip: deps.clientIp(ctx.req), ua: ctx.get('user-agent') }),
      },
    },
    interactions: {
      policy: signInPolicy(),
      url: (_ctx, interaction) => `/oauth2/consent/${interaction.uid}`,
    },
    cookies: { keys: createCookieSigner(deps.keys.cookieKeys), long: cookieBase, short: cookieBase },
    jwks: deps.keys.jwks as NonNullable<Configuration['jwks']>,
    ttl: {
      ...ENGINE_TTL,
      // A token for a developer's API lives its resource server's lifetime (resource-servers.ts):
      // a JWT cannot be recalled, so it is short. A userinfo token keeps ENGINE_TTL's.
      Session: (_ctx, session) => engineSessionTtl(session),
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ENGINE_TTL.AccessToken,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? ENGINE_TTL.AccessToken,
      RefreshToken: (ctx, _token, client) => {
        if (!isSinglePageApp(client)) return ENGINE_TTL.RefreshToken;
        const rotated = ctx?.oidc.entities.RotatedRefreshToken;
        // At least a second: a refresh in the last second of the sign-in gets a token that ends
        // with it, not a lifetime of 0 the engine would refuse.
        return rotated ? Math.max(1, rotated.remainingTTL) : SPA_REFRESH_TOKEN_TTL;
      },
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every refresh rotates; a retry within seconds gets the same successor, and any other
    // presentation of a used refresh token revokes its family (store/refresh-retries.ts).
    // A FAPI app is confidential: its refresh token works only with its private key's assertion,
    // and is not rotated (FAPI 2.0 §5.3.2.1).
    // A resource the engine would refuse is refused before the token is used up (refresh-target.ts).
    rotateRefreshToken: async (ctx) => {
      await refuseTargetBeforeRotation(ctx, resources.getResourceServerInfo);
      return ctx.oidc.client?.fapi_2 === true
        ? store.refreshRetries.keep(ctx)
        : store.refreshRetries.rotate(ctx);
    },
    expiresWithSession: () => false,
    loadExistingGrant: (ctx) => loadExistingGrant(db, ctx, deps.consentReuse),
    renderError: (ctx, out, error) => renderEngineError(ctx, out, error, store.requests.hints()),
    allowOmittingSingleRegisteredRedirectUri: false,
  };

  const provider = new Provider(deps.publicUrl, configuration);
  wordGrantErrors(provider, deps.logger);
  wordAuthorizationErrors(provider);
  recordRefusals(provider, deps.recordClientError);
  provider.use(devicePolling(db));
  provider.use(
    credentialEndpointCors(
      [
        ENGINE_ROUTES.token,
        ENGINE_ROUTES.userinfo,
        ENGINE_ROUTES.revocation,
        ENGINE_ROUTES.introspection,
        ENGINE_ROUTES.pushed_authorization_request,
      ],
      deps.isAppWebOrigin,
    ),
  );
  // Inside the CORS answer, so a single-page app is told it is refused rather than blocked.
  provider.use(limitClientAuthentication({ db, rateKey: (req) => rateKeyOf(deps.clientIp(req)) }));
  provider.use(refuseProofsFromTheFuture());

  // Counted once the engine's answer stands (a failed request counts nothing).
  provider.use(async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    // Which secret an app still uses during a rotation's grace period (its page shows it): every
    // request it authenticated with the previous one, whatever the engine then answered.
    if (route && ctx.status !== 401 && store.requests.hints().previousSecretUsed)
      deps.recordUsage(ctx.oidc.client?.clientId, 'old_secret_used');
    if (ctx.status >= 400 || !route) return;
    const clientId = ctx.oidc.client?.clientId;
    // The account the request was for, where the engine loaded one (unique users of the app).
    const accountId = ctx.oidc.account?.accountId;
    if (route === 'token') {
      const type = ctx.oidc.params?.grant_type;
      deps.recordUsage(clientId, type === 'refresh_token' ? 'token_refreshed' : 'token_issued', accountId);
      deps.tokensIssued(String(type ?? 'unknown'));
    } else if (route === 'authorization') deps.recordUsage(clientId, 'authorize', accountId);
    else if (route === 'userinfo') deps.recordUsage(clientId, 'userinfo', accountId);
    else if (route === 'revocation') deps.recordUsage(clientId, 'revoke');
  });
  provider.use(async (ctx, next) => {
    await next();
    const route = ctx.oidc?.route;
    // The same for every requester (URLs come from PUBLIC_URL, engine.ts): safe in a shared cache.
    // A retried refresh: the engine answered with the presented token (oidc-engine-seam.ts item 7);
    // the app gets the successor the first request issued.
    const successor = route === 'token' && ctx.status === 200 && store.refreshRetries.retriedSuccessor();
    if (successor) (ctx.body as { refresh_token?: string }).refresh_token = successor;
    if ((route === 'discovery' || route === 'jwks') && ctx.status === 200)
      ctx.set('Cache-Control', 'public, max-age=300');
    // A revocation answers 200 with an empty body (RFC 7009 §2.2), which has no content type:
    // the engine's text/plain makes oidc-client-ts refuse it, and its sign-out with it.
    if (route === 'revocation' && ctx.status === 200 && ctx.body === '') ctx.remove('Content-Type');
    // A browser whose engine session has no account would get the engine's self-submitting form,
    // which signs it out of Omnia without a click (any site could send it here): it gets our page
    // instead, which asks first, like every other RP-initiated logout.
    if (route === 'end_session' && ctx.status === 200 && !ctx.oidc.session?.accountId)
      askToSignOut(ctx, ctx.oidc.session);
    if (route === 'end_session_confirm' && ctx.status < 400) {
      if (ctx.oidc.params?.logout) {
        const browserSession = store.requests.hints().browserSession;
        const session = ctx.oidc.session;
        if (session) await deps.loggedOut(session.uid, Object.keys(session.authorizations ?? {}));
        if (browserSession) await deps.endBrowserSession(browserSession);
        for (const cookie of signedOutCookies(deps.secureCookies)) ctx.append('Set-Cookie', cookie);
      } else if (ctx.oidc.client && ctx.oidc.session) {
        // 'Stay signed in': the sign-in ends for the asking app alone, which is sent a logout
        // token. Its tokens of this sign-in end with it (Back-Channel Logout 1.0 §2.7): the engine
        // keeps them, since none of Omnia's expires with the session.
        await deps.loggedOut(ctx.oidc.session.uid, [ctx.oidc.client.clientId]);
      }
      // Our sign-out page asks by fetch (logout-pages.ts): it gets where to go, and goes there.
      const location = ctx.response.get('Location');
      if (ctx.status === 303 && location && ctx.accepts('html', 'json') === 'json') {
        ctx.remove('Location');
        ctx.status = 200;
        ctx.body = { redirect_to: location };
      }
    }
  });
  // The engine's own sends (an RP-initiated logout) go through its guard against private and
  // loopback addresses; one it could not make is Omnia's worker's to try again.
  const logoutSent = (sent: Parameters<EngineDeps['logoutSent']>[0]) =>
    deps
      .logoutSent(sent)
      .catch((err: unknown) => deps.logger.warn({ err }, 'engine logout token not recorded'));
  provider.on('backchannel.success', (_ctx, client, accountId, sid) => {
    void logoutSent({ clientId: client.clientId, sub: accountId, sid });
  });
  provider.on('backchannel.error', (_ctx, err, client, accountId, sid) => {
    void logoutSent({ clientId: client.clientId, sub: accountId, sid, error: err.message });
  });
  provider.on('server_error', (_ctx: unknown, err: Error) =>
    deps.logger.error({ err }, 'oauth engine error'),
  );
  // What escapes the engine's own error handling reaches its Koa app's 'error' (the provider is
  // that app; else stderr only). An error meant for the client (a 4xx, `expose`) is no fault.
  // (Its types list only the engine's own events: the Koa one is reached as an EventEmitter's.)
  (provider as unknown as EventEmitter).on('error', (err: unknown) => {
    if (!(err as { expose?: boolean }).expose) deps.logger.error({ err }, 'oauth engine error');
  });
  return provider;
}
