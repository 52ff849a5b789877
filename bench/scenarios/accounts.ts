import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';

const PASSWORD = 'bench password 123';
// Same-origin headers, as the web app sends them (the auth routes refuse cross-site POSTs).
const headersFor = (base: string) => ({
  'content-type': 'application/json',
  origin: base,
  'sec-fetch-site': 'same-origin',
});

/** Creates accounts over the real API (unverified accounts can sign in, which is all these need). */
export async function prepareAccounts(base: string, count: number): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}-${Date.now()}@example.test`;
    const res = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: headersFor(base),
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    emails.push(email);
  }
  return emails;
}

/** Password login: each request signs a different account in (the argon2id verify is the cost). */
export function loginScenario(base: string, emails: string[], seconds: number): Promise<LoadResult> {
  let next = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/auth/login',
    headers: headersFor(base),
    setupRequest: (req) => {
      const email = emails[next++ % emails.length];
      return { ...req, body: JSON.stringify({ email, password: PASSWORD }) };
    },
  };
  return load('POST /api/auth/login', {
    url: base,
    requests: [request],
    connections: 4,
    durationSeconds: seconds,
  });
}

/**
 * Refresh: every connection holds its own session and sends the cookie it was last given, as a
 * browser tab does (the token rotates on every call).
 */
export async function refreshScenario(base: string, emails: string[], seconds: number): Promise<LoadResult> {
  const connections = Math.min(10, emails.length);
  const cookies: string[] = [];
  for (let i = 0; i < connections; i++) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: headersFor(base),
      body: JSON.stringify({ email: emails[i], password: PASSWORD }),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((l) => l.split(';')[0] ?? '')
      .find((p) => p.startsWith('omnia_refresh='));
    if (!cookie) throw new Error(`login for refresh failed: ${res.status}`);
    cookies.push(cookie);
  }
  let assigned = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/auth/refresh',
    headers: headersFor(base),
    setupRequest: (req, context: { cookie?: string }) => {
      context.cookie ??= cookies[assigned++ % cookies.length];
      return { ...req, headers: { ...req.headers, cookie: context.cookie ?? '' } };
    },
    onResponse: (_status, _body, context: { cookie?: string }, headers) => {
      const raw = headers?.['set-cookie'];
      const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
      const pair = lines
        .map((l) => String(l).split(';')[0] ?? '')
        .find((p) => p.startsWith('omnia_refresh='));
      if (pair && pair.length > 'omnia_refresh='.length) context.cookie = pair;
    },
  };
  return load('POST /api/auth/refresh (rotating)', {
    url: base,
    requests: [request],
    connections,
    durationSeconds: seconds,
  });
}
