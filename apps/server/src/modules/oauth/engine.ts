import type { IncomingMessage, ServerResponse } from 'node:http';
import { REGISTRATION_ENDPOINT } from '@omnia/contracts/registration';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import { type BrowserSession, cookieValue, createBrowserSessionSigner } from '../../crypto/browser-session';
import { type ClientAddressing, createClientAddress, rateKeyOf } from '../../http/client-address';
import { ownCookie, singleCookie } from '../../http/cookies';
import { isCrossSite } from '../../http/same-origin';
import { ENGINE_END_SESSION_CONFIRM } from '../../oidc-engine-seam';
import type { ClientCache } from '../clients';
import { createClientSecretBox } from '../clients';
import { createRateLimiter } from '../ratelimit';
import { type ApiCredentials, createApiIntrospection } from './api-introspection';
import { createApiTokenRecords } from './api-token-records';
import { createDeviceGate } from './device-gate';
import { ENGINE_ROUTES } from './engine-constants';
import { isPushed, isSilent, pinToPublicUrl, withOpenIdScope, withoutPromptNone } from './engine-requests';
import { engineSessionKept } from './engine-sessions-repo';
import { withEs256Keys } from './es256-keys';
import { postedParams } from './form-body';
import { consentedApiScopes } from './grant-apis-repo';
import { findGrantId } from './grants-repo';
import { loadCookieKeys } from './keys';
import { createProvider, type EngineDeps } from './provider';
import type { ResourceRegistry } from './resource-servers';
import { createSigningKeys, type KeyTiming, type SigningKeySet } from './signing-keys';
import { createDeviceCodeSealer, createEngineStore, type RequestHints } from './store';

export interface OAuthEngine {
  /** The engine now: a new one is built when the signing keys change (keys.refresh). */
  readonly provider: Provider;
  /** Adds to the engine (middleware, listeners): to this one and every one built later. */
  extend(add: (provider: Provider) => void): void;
  keys: {
    /** Reads the keys again (and makes a scheduled one when due); true when the engine changed. */
    refresh(): Promise<boolean>;
    rotate: ReturnType<typeof createSigningKeys>['rotate'];
    list: ReturnType<typeof createSigningKeys>['list'];
    /**
     * The private key that signs now, for `alg`: RS256 (the RSA key) or ES256 (its companion, for
     * FAPI apps); logout tokens are signed with it too.
     */
    active(alg?: 'RS256' | 'ES256'): JWK & { kid: string };
  };
  /** The current engine request's hints (for middleware added by the module). */
  hints(): RequestHints;
  /** True for the paths the engine answers (everything else goes to the app). */
  owns(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse): void;
}

type Deps = Omit<EngineDeps, 'keys' | 'store' | 'clientIp' | 'resources' | 'apiTokens'> & {
  /** When signing keys rotate (KEY_ROTATION_DAYS, KEY_ACTIVATION_DELAY_MINUTES). */
  keyTiming: KeyTiming;
  /** Developers' APIs: the engine's resource servers, and their introspection credentials. */
  apis: ResourceRegistry & ApiCredentials;
  clientCache: ClientCache;
  /** A client's sealed previous secret while its rotation's grace period lasts (the clients module). */
  previousSecretOf: (clientId: string) => Promise<string | undefined>;
  addressing: ClientAddressing;
  /** Whether the Omnia session a browser's signed cookie names is live (silent authorization). */
  sessionLive: (session: BrowserSession) => Promise<boolean>;
};

export { DEVICE_CODE_TRIES, DEVICE_CODES_ASKED } from './device-gate';

export async function createOAuthEngine(deps: Deps): Promise<OAuthEngine> {
  const cookieKeys = await loadCookieKeys(deps.db, deps.secretKey);
  const signingKeys = createSigningKeys({ db: deps.db, secretKey: deps.secretKey, timing: deps.keyTiming });
  const store = createEngineStore({
    db: deps.db,
    box: createClientSecretBox(deps.secretKey),
    deviceCodes: createDeviceCodeSealer(deps.secretKey),
    publicUrl: deps.publicUrl,
    clientCache: deps.clientCache,
    previousSecretOf: deps.previousSecretOf,
  });
  const apiTokens = createApiTokenRecords(store.adapter);
  const clientAddress = createClientAddress(deps.addressing);
  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  /** The client's address as TRUST_PROXY allows it to be known (never a header anyone can write). */
  const clientIp = (req: IncomingMessage) =>
    clientAddress(req.socket.remoteAddress, header(req, 'x-forwarded-for'));
  const extensions: ((provider: Provider) => void)[] = [];
  /**
   * oidc-provider takes its keys once, at construction: a change of signing keys builds a new
   * engine on the same store, and requests from then on go to it (those under way finish on the
   * one they started on). Everything else the engine holds is in the database.
   */
  const build = (set: SigningKeySet) => {
    // Each RSA key with its ES256 companion (FAPI 2.0 apps' ID tokens, es256-keys.ts).
    const jwks = { keys: withEs256Keys(set.keys, deps.secretKey) };
    const built = createProvider({
      ...deps,
      keys: { jwks, cookieKeys },
      store,
      clientIp,
      resources: deps.apis,
      apiTokens,
    });
    // Its URLs are pinned to PUBLIC_URL (pinToPublicUrl), so the forwarded protocol is ours to trust.
    built.proxy = true;
    for (const add of extensions) add(built);
    // Composed at its first request, so what the module adds after this (extend) is in.
    let callback: ReturnType<Provider['callback']> | undefined;
    return { provider: built, set, jwks, callback: () => (callback ??= built.callback()) };
  };
  let engine = build(await signingKeys.current());
  const refresh = async () => {
    await signingKeys.rotateIfDue();
    const set = await signingKeys.current();
    if (set.fingerprint === engine.set.fingerprint) return false;
    engine = build(set);
    deps.logger.info(
      { signing: set.active, published: set.keys.map((k) => k.kid) },
      'oauth signing keys changed',
    );
    return true;
  };
  const apiIntrospection = createApiIntrospection({
    db: deps.db,
    issuer: engine.provider.issuer,
    jwks: () => engine.jwks,
    apis: deps.apis,
    // The person's consent to the app (findGrantId: theirs, to this app, live), under any spelling.
    grantedScopes: async (accountId, clientId, audience) => {
      const id = await findGrantId(deps.db, accountId, clientId);
      return id ? consentedApiScopes(deps.db, id, audience) : undefined;
    },
    tokenLive: apiTokens.live,
    clientIp,
    rateKeyOf,
  });
  const publicUrl = new URL(deps.publicUrl);
  const browserCookie = ownCookie('browserSession', deps.secureCookies).name;
  const signer = createBrowserSessionSigner(deps.secretKey);
  const limiter = createRateLimiter(deps.db);
  const deviceGate = createDeviceGate({
    limiter,
    rateKey: (req) => rateKeyOf(clientIp(req)),
    sessionSaved: (id) => engineSessionKept(deps.db, id),
  });
  const crossSite = (req: IncomingMessage) =>
    isCrossSite(
      { secFetchSite: header(req, 'sec-fetch-site'), origin: header(req, 'origin') },
      publicUrl.origin,
    );

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    pinToPublicUrl(req, publicUrl);
    const url = new URL(req.url ?? '/', 'http://x');
    // As the engine's router matches it: regardless of case, and with a trailing slash ignored, so
    // /oauth2/AUTHORIZE/ gets every check /oauth2/authorize gets.
    const path = url.pathname.toLowerCase().replace(/\/+$/, '');
    const under = (route: string) => path === route || path.startsWith(`${route}/`);
    const ownerOnlyPending = under(ENGINE_ROUTES.authorization) || under(ENGINE_ROUTES.end_session);
    // RP-initiated logout is confirmed only from our sign-out page (a same-origin POST): no other
    // site can make a browser sign out, even through a form the engine would submit by itself.
    const confirmPath = `${ENGINE_ROUTES.end_session}${ENGINE_END_SESSION_CONFIRM.suffix}`;
    if (req.method === 'POST' && path === confirmPath && crossSite(req)) {
      res.writeHead(403, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          error: 'invalid_request',
          error_description: 'Cross-site requests are not allowed',
        }),
      );
      return;
    }
    // RP-Initiated Logout 1.0 §2: the logout endpoint takes POST too. The app's form POST is
    // cross-site, so the browser leaves the engine's SameSite=Lax cookies out of it: it is sent on
    // as the same request by GET (303), which the browser makes with them.
    if (req.method === 'POST' && path === ENGINE_ROUTES.end_session) {
      const form = await postedParams(req, res, url);
      if (!form) return;
      const query = form.size > 0 ? `?${form}` : '';
      res.writeHead(303, {
        Location: new URL(`${ENGINE_ROUTES.end_session}${query}`, publicUrl).href,
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    // An API introspecting a token (api-introspection.ts): the engine keeps no JWT to look up.
    if (path === ENGINE_ROUTES.introspection && apiIntrospection.claims(req)) {
      await apiIntrospection.handle(req, res);
      return;
    }
    let clientId: string | undefined;
    let silent = false;
    let pushedMaySilence = false;
    // Two of them (one planted from a sibling host with a longer path comes first): neither counts.
    const browserSession = singleCookie(req.headers.cookie, browserCookie)
      ? signer.verify(cookieValue(req.headers.cookie, browserCookie))
      : undefined;
    if (path === ENGINE_ROUTES.authorization) {
      // OpenID Connect Core 3.1.2.1: the authorization endpoint takes POST too; it is read here
      // and handed to the engine as the same request by GET, so both go through one path.
      if (req.method === 'POST') {
        const form = await postedParams(req, res, url);
        if (!form) return;
        req.method = 'GET';
        req.url = `${url.pathname}?${form}`;
        delete req.headers['content-type'];
        delete req.headers['content-length'];
      }
      // HEAD too: the engine's router answers it as GET, so it gets every rewrite GET gets.
      if (req.method === 'GET' || req.method === 'HEAD') {
        req.url = withOpenIdScope(req.url ?? url.pathname);
        const asksNone = isSilent(req);
        const pushed = isPushed(req);
        const live =
          browserSession !== undefined && (asksNone || pushed) && (await deps.sessionLive(browserSession));
        silent = live && asksNone;
        if (silent) withoutPromptNone(req);
        // A pushed request keeps its prompt in its record: the adapter reads it (store/model-store.ts).
        pushedMaySilence = live && pushed;
        // The session lookup also reads this client (store/reads.ts); an absurd id is not a hint.
        const named = new URL(req.url, 'http://x').searchParams.get('client_id');
        if (named && named.length <= 200) clientId = named;
      }
    }
    const gate = await deviceGate(req, res, path, url);
    if (gate.answered) return;
    const deviceUserCode = gate.userCode;
    const handler = engine.callback();
    try {
      await store.requests.run(() => handler(req, res), {
        clientId,
        browserSession,
        ownerOnlyPending,
        deviceUserCode,
        silent,
        pushedMaySilence,
      });
    } finally {
      // A typed device code's try, once the engine answered (a failure leaves it counted).
      await gate
        .settle?.(res)
        .catch((err: unknown) => deps.logger.warn({ err }, 'a device code try was not settled'));
    }
  };

  return {
    get provider() {
      return engine.provider;
    },
    extend(add) {
      extensions.push(add);
      add(engine.provider);
    },
    keys: {
      refresh,
      rotate: signingKeys.rotate,
      list: signingKeys.list,
      active: (alg = 'RS256') => {
        const rsa = engine.set.keys[0] as JWK & { kid: string };
        if (alg === 'RS256') return rsa;
        const companion = engine.jwks.keys.find((k) => k.alg === alg && k.kid === `${rsa.kid}-es256`);
        if (!companion) throw new Error(`no ${alg} key beside ${rsa.kid}`);
        return companion as JWK & { kid: string };
      },
    },
    hints: () => store.requests.hints(),
    owns(pathname) {
      if (pathname.startsWith('/.well-known/')) return true;
      // /oauth2/consent/* is our screen and its API; /oauth2/register is the Developer Program's
      // (RFC 7591); /oauth2/authorize/:uid is the engine's resume.
      return (
        pathname.startsWith('/oauth2/') &&
        !pathname.startsWith('/oauth2/consent') &&
        pathname !== REGISTRATION_ENDPOINT &&
        !pathname.startsWith(`${REGISTRATION_ENDPOINT}/`)
      );
    },
    handle(req, res) {
      handle(req, res).catch((err: unknown) => {
        deps.logger.error({ err }, 'oauth engine request failed');
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ error: 'server_error' }));
      });
    },
  };
}
