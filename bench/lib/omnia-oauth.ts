import { type ConsentDetails, shownOf } from '@omnia/contracts/developer';
import { BENCH_PASSWORD } from './hash-bound';
import { CookieJar } from './jar';
import { authorizePath, codeOf, type OAuthTarget, pkcePair, REDIRECT_URI } from './oauth';

/** What Chromium's fetch() asks for: every call the web app makes accepts a compressed answer. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

// Same-origin headers, as the web app sends them (the auth routes refuse cross-site POSTs).
export const sameOrigin = (base: string) => ({
  'content-type': 'application/json',
  origin: base,
  'sec-fetch-site': 'same-origin',
  'accept-encoding': BROWSER_ACCEPT_ENCODING,
});

/** Signs a seeded account in over the session API; returns its Omnia access token. */
async function omniaLogin(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: sameOrigin(base),
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

async function api<T>(base: string, path: string, token: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { ...sameOrigin(base), authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Registers the bench's client through the Developer API (AUTO_APPROVE_CLIENTS=true approves it). */
export async function registerOmniaClient(base: string, ownerEmail: string): Promise<OAuthTarget> {
  const token = await omniaLogin(base, ownerEmail);
  const { client } = await api<{ client: { id: string; client_id: string; status: string } }>(
    base,
    '/api/developer/clients',
    token,
    {
      method: 'POST',
      body: JSON.stringify({
        name: 'Bench',
        redirect_uris: [REDIRECT_URI],
        allowed_scopes: ['profile', 'email'],
      }),
    },
  );
  if (client.status !== 'approved')
    throw new Error(`client is ${client.status}: start with AUTO_APPROVE_CLIENTS`);
  const { client_secret } = await api<{ client_secret: string }>(
    base,
    `/api/developer/clients/${client.id}/secret`,
    token,
  );
  return {
    label: 'Omnia',
    base,
    routes: {
      authorize: '/oauth2/authorize',
      token: '/oauth2/token',
      userinfo: '/oauth2/userinfo',
      introspect: '/oauth2/introspect',
    },
    clientId: client.client_id,
    clientSecret: client_secret,
    scope: 'openid profile email',
    pkce: pkcePair(),
  };
}

/**
 * A browser of `email` that has allowed the client: signs in, authorizes, allows on the consent
 * API and follows the engine back. Later authorizations in the jar answer 303 with a code at once.
 */
export async function consentedJar(
  target: OAuthTarget,
  email: string,
): Promise<{ jar: CookieJar; code: string }> {
  const jar = new CookieJar(target.base);
  // Signed in in this browser: the jar keeps the session's cookie for the engine (Path=/oauth2).
  const login = await jar.fetch('/api/auth/login', {
    method: 'POST',
    headers: sameOrigin(target.base),
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token?: string };
  if (!login.ok || !token) throw new Error(`login failed: ${login.status}`);
  const res = await jar.fetch(authorizePath(target));
  const uid = res.headers.get('location')?.match(/\/oauth2\/consent\/([\w-]+)$/)?.[1];
  if (res.status !== 303 || !uid) throw new Error(`no consent interaction: ${res.status}`);
  const auth = { authorization: `Bearer ${token}` };
  // Allowing names what the screen shows, as the web app does.
  const screen = (await (
    await jar.fetch(`/oauth2/consent/${uid}/details`, { headers: auth })
  ).json()) as ConsentDetails;
  const decision = await jar.fetch(`/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ approved: true, shown: shownOf(screen) }),
  });
  if (decision.status !== 200)
    throw new Error(`decision failed: ${decision.status} ${await decision.text()}`);
  const { redirect_to } = (await decision.json()) as { redirect_to: string };
  return { jar, code: codeOf(await jar.followToClient(redirect_to)) };
}
