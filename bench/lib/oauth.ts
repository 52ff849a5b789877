import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const REDIRECT_URI = 'https://bench.example/cb';

/** One authorization server under test: Omnia or the bare oidc-provider peer. */
export interface OAuthTarget {
  label: string;
  base: string;
  routes: { authorize: string; token: string; userinfo: string; introspect: string };
  clientId: string;
  clientSecret: string;
  scope: string;
  /** One PKCE pair for every code of the run (each code is still single-use). */
  pkce: { verifier: string; challenge: string };
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizePath(target: OAuthTarget): string {
  const q = new URLSearchParams({
    client_id: target.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: target.scope,
    state: 'bench-state',
    code_challenge: target.pkce.challenge,
    code_challenge_method: 'S256',
  });
  return `${target.routes.authorize}?${q}`;
}

const basicAuth = (target: OAuthTarget) =>
  `Basic ${Buffer.from(`${encodeURIComponent(target.clientId)}:${encodeURIComponent(target.clientSecret)}`).toString('base64')}`;

export const formHeaders = (target: OAuthTarget) => ({
  'content-type': 'application/x-www-form-urlencoded',
  authorization: basicAuth(target),
});

export const exchangeBody = (target: OAuthTarget, code: string) =>
  new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    code_verifier: target.pkce.verifier,
  }).toString();

export interface TokenPair {
  access: string;
  refresh: string;
}

export function codeOf(url: URL): string {
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${url}`);
  return code;
}

/** A header from autocannon's onResponse (raw names, any case). */
export function headerValues(headers: IncomingHttpHeaders | undefined, name: string): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers ?? {}))
    if (key.toLowerCase() === name && value !== undefined)
      values.push(...(Array.isArray(value) ? value : [value]));
  return values;
}

export const headerOf = (headers: IncomingHttpHeaders | undefined, name: string): string | undefined =>
  headerValues(headers, name)[0];

export function parseJson<T>(body: string): T | undefined {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}
