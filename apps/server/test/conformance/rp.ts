import { request } from 'node:http';
import { type ConsentDetails, shownOf } from '@omnia/contracts/developer';
import * as oidc from 'openid-client';
import { CookieJar, followToClient, REDIRECT_URI, type TestClient } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import { postJson, type TestUser } from '../support/users';

/**
 * The relying party of the conformance tests: openid-client 6 does what a library can (discovery,
 * the authorization URL, the code grant with id_token validation, userinfo, refresh); the browser
 * is a CookieJar that answers our consent screen's API as the React screen would.
 */
export const SCOPE = 'openid profile email';

export function relyingParty(server: TestServer, client: TestClient, auth: 'basic' | 'post' = 'basic') {
  const method = auth === 'basic' ? oidc.ClientSecretBasic : oidc.ClientSecretPost;
  return oidc.discovery(new URL(server.url), client.clientId, undefined, method(client.clientSecret), {
    execute: [oidc.allowInsecureRequests],
  });
}

export interface AuthRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce?: string;
}

/** An authorization request as openid-client builds it: PKCE (S256), state and nonce, plus `extra`. */
export async function authRequest(
  config: oidc.Configuration,
  extra: Record<string, string> = {},
  opts: { nonce?: boolean } = {},
): Promise<AuthRequest> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = opts.nonce === false ? undefined : oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
    ...extra,
  });
  return { url, verifier, state, nonce };
}

/** What the browser went through on its way back to the client. */
export interface Visit {
  /** The URL the browser left for (the client's redirect_uri with the response). */
  callback: URL;
  /** The consent screen's first details, when the engine sent the browser to our screen. */
  details?: ConsentDetails;
  /** The screen asked the person to sign in (nobody was signed in in this browser). */
  signInAsked: boolean;
  /** The screen asked 'Confirm it's you' (prompt=login, max_age). */
  reauthenticated: boolean;
  /** The screen asked for consent (Allow was clicked). */
  consentAsked: boolean;
}

async function details(server: TestServer, jar: CookieJar, uid: string, user: TestUser) {
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  if (res.status !== 200) throw new Error(`details: ${res.status} ${await res.text()}`);
  return (await res.json()) as ConsentDetails;
}

/**
 * The browser `jar` opens `url` (or has just received `first`); on our consent screen `user` signs
 * in when the browser is not, confirms with the password when asked, and clicks Allow when asked.
 */
export async function visit(
  server: TestServer,
  jar: CookieJar,
  user: TestUser,
  url: URL | string,
  first?: Response,
): Promise<Visit> {
  const start = new URL(url, server.url);
  const res = first ?? (await jar.fetch(server, `${start.pathname}${start.search}`));
  const location = new URL(res.headers.get('location') ?? '', server.url);
  const done = { signInAsked: false, reauthenticated: false, consentAsked: false };
  if (location.origin !== new URL(server.url).origin) return { callback: location, ...done };
  const uid = location.pathname.match(/^\/oauth2\/consent\/([\w-]+)$/)?.[1];
  if (res.status !== 303 || !uid || uid === 'error')
    throw new Error(`not our consent screen: ${res.status} ${location}`);
  const firstDetails = await details(server, jar, uid, user);
  let current = firstDetails;
  if (current.prompt === 'login') {
    // The screen's 'Sign In': the person signs in to Omnia in this browser and comes back.
    done.signInAsked = true;
    jar.signIn(user);
    current = await details(server, jar, uid, user);
  }
  if (current.reauthenticate) {
    done.reauthenticated = true;
    const confirm = await postJson(
      server,
      '/api/auth/reauthenticate',
      { password: user.password },
      user.authHeader,
    );
    if (confirm.status !== 200) throw new Error(`reauthenticate: ${confirm.status}`);
    current = await details(server, jar, uid, user);
  }
  let next = current.redirect_to;
  if (!next) {
    done.consentAsked = true;
    const decision = await jar.fetch(server, `/oauth2/consent/${uid}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: JSON.stringify({ approved: true, shown: shownOf(current) }),
    });
    if (decision.status !== 200) throw new Error(`decision: ${decision.status} ${await decision.text()}`);
    next = ((await decision.json()) as { redirect_to: string }).redirect_to;
  }
  return { callback: await followToClient(server, jar, next), details: firstDetails, ...done };
}

/** The code grant as openid-client does it: state, iss, PKCE, and the id_token (nonce included). */
export function codeGrant(
  config: oidc.Configuration,
  callback: URL,
  req: AuthRequest,
  checks: oidc.AuthorizationCodeGrantChecks = {},
) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: req.verifier,
    expectedState: req.state,
    expectedNonce: req.nonce,
    idTokenExpected: true,
    ...checks,
  });
}

/** A whole sign-in: the request, the browser's visit, and the code grant. */
export async function signIn(
  server: TestServer,
  config: oidc.Configuration,
  jar: CookieJar,
  user: TestUser,
  extra: Record<string, string> = {},
  checks: oidc.AuthorizationCodeGrantChecks = {},
) {
  const req = await authRequest(config, extra);
  const seen = await visit(server, jar, user, req.url);
  const tokens = await codeGrant(config, seen.callback, req, checks);
  const claims = tokens.claims();
  if (!claims) throw new Error('no id_token');
  return { req, seen, tokens, claims };
}

/** Gives the user an identity (the onboarding's step 2), so profile claims have values. */
export async function giveProfile(server: TestServer, user: TestUser, fullName = 'Ada Lovelace') {
  const username = `ada_${user.id.slice(0, 8)}`;
  const res = await server.fetch('/api/me/profile', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({ full_name: fullName, username, date_of_birth: '1990-12-10' }),
  });
  if (res.status !== 200) throw new Error(`profile: ${res.status} ${await res.text()}`);
  return { fullName, username };
}

/** The redirect's response parameters: the query (code flow), as a plain object. */
export const paramsOf = (url: URL) => Object.fromEntries(url.searchParams);

/** Where a response sends the browser (absolute). */
export const locationOf = (server: TestServer, res: Response) =>
  new URL(res.headers.get('location') ?? '', server.url);

/** The token endpoint's answers as the relying party received them (headers included). */
export function recordTokenResponses(config: oidc.Configuration): Response[] {
  const seen: Response[] = [];
  config[oidc.customFetch] = async (url, options) => {
    const res = await fetch(url, options as RequestInit);
    if (url === config.serverMetadata().token_endpoint) seen.push(res.clone());
    return res;
  };
  return seen;
}

/**
 * A fetch for openid-client that sends `forged` headers as they are. Node's fetch() always sends the
 * URL's own Host whatever the headers say, so a forged Host needs node:http.
 */
export function forgingFetch(forged: Record<string, string>): oidc.CustomFetch {
  return (url, options) =>
    new Promise<Response>((resolve, reject) => {
      const headers = { ...options.headers, ...forged };
      const req = request(url, { method: options.method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const received = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
            received.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
          resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers: received }));
        });
      });
      req.on('error', reject);
      req.end();
    });
}

/** A client's Developer Program settings, as its owner would set them. */
export async function setClientSettings(
  server: TestServer,
  client: TestClient,
  settings: { require_pkce?: boolean; post_logout_redirect_uris?: string[] },
) {
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set(settings)
    .where('client_id', '=', client.clientId)
    .execute();
}

export { CookieJar };
