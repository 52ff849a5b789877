import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { ACR } from '@omnia/contracts/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../developer/helpers';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeAs,
  authorizeUrl,
  type CookieJar,
  decisionBody,
  pkce,
  REDIRECT_URI,
  useClientWorld,
} from './flow';

/*
 * Requests whose shape Omnia's checks and the engine's prompts might read differently, from a
 * browser whose engine session already holds a login (so the consent screen submits the consent
 * alone): none may send the browser round between the engine and the consent page, and none, sent
 * silently (prompt=none), may end on a screen (OpenID Connect Core 3.1.2.1).
 */
const world = useClientWorld();
const API = 'https://loop-orders.example.test/api';
const PARTNER = 'https://partner.example.test/api';

/** Follows the browser from `start`: where it ended, and the path it took. */
async function follow(jar: CookieJar, start: string, rounds = 8) {
  let next = start;
  const path: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const res = await jar.fetch(world.server, next);
    const location = res.headers.get('location') ?? '';
    path.push(`${res.status} ${location.replace(world.server.url, '').slice(0, 60)}`);
    if (location.startsWith(REDIRECT_URI))
      return { at: 'app', error: new URL(location).searchParams.get('error'), path };
    const consent = /\/oauth2\/consent\/([\w-]+)$/.exec(location)?.[1];
    if (consent) {
      const details = await jar.fetch(world.server, `/oauth2/consent/${consent}/details`, {
        headers: world.user.authHeader,
      });
      const body = (await details.json()) as { redirect_to?: string };
      path.push(
        `details ${details.status} ${body.redirect_to ? 'redirect_to' : JSON.stringify(body).slice(0, 80)}`,
      );
      if (!body.redirect_to) return { at: 'screen', error: null, path };
      next = body.redirect_to.replace(world.server.url, '');
      continue;
    }
    next = location.replace(world.server.url, '');
    if (!next.startsWith('/')) return { at: `elsewhere ${res.status} ${location}`, error: null, path };
  }
  return { at: 'still going round', error: null, path };
}

/** Follows a silent request only through the engine (no page script): where the browser is left. */
async function silently(jar: CookieJar, start: string) {
  let next = start;
  const path: string[] = [];
  for (let hop = 0; hop < 4; hop++) {
    const res = await jar.fetch(world.server, next);
    const location = res.headers.get('location') ?? '';
    path.push(`${res.status} ${location.replace(world.server.url, '').slice(0, 60)}`);
    if (location.startsWith(REDIRECT_URI))
      return { at: 'app', error: new URL(location).searchParams.get('error'), path };
    if (/\/oauth2\/consent\/[\w-]+$/.test(location)) return { at: 'screen', error: null, path };
    next = location.replace(world.server.url, '');
    if (!next.startsWith('/')) return { at: `elsewhere ${res.status}`, error: null, path };
  }
  return { at: 'still going', error: null, path };
}

const request = (params: Record<string, string>, scope = 'openid profile email') => {
  const url = new URL(authorizeUrl(world.client, { challenge: pkce().challenge, scope }), world.server.url);
  for (const [key, value] of Object.entries(params)) url.searchParams.append(key, value);
  return `${url.pathname}${url.search}`;
};

/** A browser that went through the engine once: its engine session holds the login. */
async function signedInBrowser() {
  const { jar, back } = await authorizeAs(world.server, world.client, world.user, 'openid profile email');
  expect(back.searchParams.get('code')).toBeTruthy();
  return jar;
}

const acr = (value: object) => JSON.stringify({ id_token: { acr: value } });

/** Requests Omnia's checks and the engine's prompts might read differently. */
const probes: [string, Record<string, string>, string?][] = [
  ['the same request again', {}],
  ['claims naming email, scope openid only', { claims: '{"userinfo":{"email":null}}' }, 'openid'],
  ['claims naming email with value true', { claims: '{"userinfo":{"email":true}}' }, 'openid'],
  ['claims naming an unknown claim', { claims: '{"userinfo":{"nickname":null}}' }],
  [
    'claims naming email in both',
    { claims: '{"userinfo":{"email":null},"id_token":{"email":{"essential":true}}}' },
    'openid profile',
  ],
  ['resource: own API, all its scopes', { resource: API }, 'openid orders:read orders:write'],
  ['resource: own API, an unknown scope', { resource: API }, 'openid orders:read nope:nope'],
  [
    'resource: own API, host in capitals',
    { resource: API.replace('loop-orders', 'LOOP-ORDERS') },
    'openid orders:read',
  ],
  ['resource: the API named twice, two spellings', { resource: API }, 'openid orders:read'],
  ['resource: partner API, a scope not allowed to the app', { resource: PARTNER }, 'openid a:read a:write'],
  ['resource: partner API, only the disallowed scope', { resource: PARTNER }, 'openid a:write'],
  [
    'acr: essential "yes" (truthy, not true), value two-step',
    { claims: acr({ essential: 'yes', value: ACR.twoStep }) },
  ],
  ['acr: essential true, values []', { claims: acr({ essential: true, values: [] }) }],
  [
    'acr: essential, values [pwd], value two-step',
    { claims: acr({ essential: true, values: [ACR.password], value: ACR.twoStep }) },
  ],
  ['acr: essential 1, values [two-step]', { claims: acr({ essential: 1, values: [ACR.twoStep] }) }],
];

describe('odd requests from a browser the engine has signed in', () => {
  beforeAll(async () => {
    const apiOf = async (user: TestUser, name: string, identifier: string, scopes: string[]) => {
      const res = await send(world.server, user, 'POST', DEVELOPER_APIS_API.apis, {
        name,
        identifier,
        scopes: scopes.map((scope) => ({ name: scope, description: `May ${scope}` })),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as ApiCreatedResponse).api;
    };
    await apiOf(world.user, 'Loop Orders', API, ['orders:read', 'orders:write']);
    const partner = await createUser(world.server);
    const api = await apiOf(partner, 'Partner', PARTNER, ['a:read', 'a:write']);
    const allowed = await send(world.server, partner, 'PUT', DEVELOPER_APIS_API.access(api.id), {
      client_id: world.client.clientId,
      scopes: ['a:read'],
    });
    expect(allowed.status).toBe(200);
  });

  it('never go round between the engine and the consent page', async () => {
    const results: Record<string, unknown> = {};
    for (const [name, params, scope] of probes) {
      const jar = await signedInBrowser();
      let url = request(params, scope);
      if (name.includes('twice'))
        url += `&resource=${encodeURIComponent(API.replace('loop-orders', 'Loop-Orders'))}`;
      // First time: what the screen would ask is allowed once (the decision submits { consent }).
      const first = await follow(jar, url);
      let second: unknown;
      if (first.at === 'screen') {
        const uid = /consent\/([\w-]+)/.exec(first.path.findLast((p) => p.includes('consent/')) ?? '')?.[1];
        const res = await jar.fetch(world.server, `/oauth2/consent/${uid}/decision`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...world.user.authHeader },
          body: await decisionBody(world.server, jar, uid ?? '', world.user, true),
        });
        const { redirect_to } = (await res.json()) as { redirect_to: string };
        const after = await follow(jar, redirect_to.replace(world.server.url, ''));
        // Then the same request again: remembered now.
        second = { afterDecision: after, again: await follow(jar, request(params, scope)) };
      }
      results[name] = { first, second };
    }
    for (const [name, r] of Object.entries(results))
      expect(JSON.stringify(r), name).not.toContain('still going round');
  });

  it('sent silently, always end at the application', async () => {
    const results: Record<string, unknown> = {};
    for (const [name, params, scope] of probes) {
      const jar = await signedInBrowser();
      results[name] = await silently(jar, request({ ...params, prompt: 'none' }, scope));
    }
    for (const [name, r] of Object.entries(results))
      expect.soft((r as { at: string }).at, `${name}: ${JSON.stringify(r)}`).toBe('app');
  });
});
