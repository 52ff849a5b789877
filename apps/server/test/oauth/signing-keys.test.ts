import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify } from 'jose';
import { sql } from 'kysely';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSigningKeys, OAUTH_PURGE_STEPS } from '../../src/modules/oauth';
import { RETIRED_KEY_KEPT_SECONDS } from '../../src/modules/oauth/signing-keys';
import type { TestServer } from '../support/test-server';
import { type ApiWorld, ORDERS, serviceToken, startApiWorld } from './apis';
import { insertClient, issueTokens, type TestClient } from './flow';

/*
 * Signing keys rotate without a failed verification: the next key is in the JWKS
 * before it signs, the old one stays until what it signed has expired, and apps that cache the
 * JWKS (oauth4webapi's jwksCache, jose's remote key set) verify across the switch without asking
 * again.
 */
let world: ApiWorld;
let server: TestServer;
let web: TestClient;
beforeAll(async () => {
  world = await startApiWorld();
  server = world.server;
  web = await insertClient(server, world.owner);
});
afterAll(async () => {
  await server?.close();
});

const jwksUri = () => new URL('/oauth2/jwks', server.url);
/** The RSA keys published; each has its ES256 companion beside it (es256-keys.ts), checked here too. */
const publishedKids = async () => {
  const { keys } = (await (await server.fetch('/oauth2/jwks')).json()) as {
    keys: { kid: string; kty: string }[];
  };
  const rsa = keys.filter((k) => k.kty === 'RSA').map((k) => k.kid);
  const ec = keys.filter((k) => k.kty === 'EC').map((k) => k.kid);
  expect(ec).toEqual(rsa.map((kid) => `${kid}-es256`));
  return rsa;
};
const kidOf = (jwt: string) => decodeProtectedHeader(jwt).kid;
const apiToken = async () => {
  const tokens = await serviceToken(server, world.owner, world.ownService, {
    resource: ORDERS,
    scope: 'orders:read',
  });
  if (!('access_token' in tokens)) throw new Error(`no token: ${JSON.stringify(tokens)}`);
  return tokens.access_token;
};
const idToken = async () => {
  const { id_token } = (await issueTokens(server, web, world.owner)) as unknown as { id_token: string };
  return id_token;
};
/** As if `seconds` had passed for the keys (every activation moves back), then the instance looks again. */
async function timePasses(seconds: number) {
  await server.deps.dbHandle.db
    .updateTable('oidc_signing_keys')
    .set({ activates_at: sql<Date>`activates_at - make_interval(secs => ${seconds})` })
    .execute();
  await server.signingKeys.refresh();
}

/** A resource server validating RFC 9068 tokens with oauth4webapi, its JWKS cache kept across calls. */
function resourceServer() {
  const as: oauth.AuthorizationServer = { issuer: server.config.publicUrl, jwks_uri: jwksUri().href };
  // Filled by the library on its first fetch (an ExportedJWKSCache: { jwks, uat }).
  const cache = {} as oauth.ExportedJWKSCache;
  let fetches = 0;
  const options = {
    [oauth.jwksCache]: cache,
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: (url: string, init: RequestInit) => {
      fetches++;
      return fetch(url, init);
    },
  };
  return {
    cache,
    fetches: () => fetches,
    // A new server object each time: the cache object is all it keeps (as a process that stores
    // it between calls would), so moving its `uat` back is time passing.
    validate: (token: string) =>
      oauth.validateJwtAccessToken(
        { ...as },
        new Request(`${ORDERS}/orders`, { headers: { authorization: `Bearer ${token}` } }),
        ORDERS,
        options,
      ),
  };
}

describe('rotating the signing key', () => {
  it('publishes the next key first; apps that cached the JWKS meanwhile verify across the switch', async () => {
    const api = resourceServer();
    let joseFetches = 0;
    const idKeys = createRemoteJWKSet(jwksUri(), {
      [customFetch]: (...args: Parameters<typeof fetch>) => {
        joseFetches++;
        return fetch(...args);
      },
    });
    const [firstKid] = await publishedKids();
    const before = await apiToken();
    const beforeId = await idToken();
    expect(kidOf(before)).toBe(firstKid);
    expect(kidOf(beforeId)).toBe(firstKid);
    await api.validate(before);
    await jwtVerify(beforeId, idKeys, { issuer: server.config.publicUrl });

    // Published now, signing in an hour (KEY_ACTIVATION_DELAY_MINUTES).
    const next = await server.signingKeys.rotate();
    expect(await server.signingKeys.refresh()).toBe(true);
    expect(await publishedKids()).toEqual([firstKid, next.kid]);
    expect(new Date(next.activates_at).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(kidOf(await apiToken())).toBe(firstKid);
    expect((await server.signingKeys.list()).map((k) => k.state)).toEqual(['active', 'next']);

    // Within that hour every cache expires once (oauth4webapi keeps the JWKS 5 minutes, jose 10).
    api.cache.uat -= 301;
    await api.validate(before);
    await idKeys.reload();
    const fetchesBeforeSwitch = [api.fetches(), joseFetches];

    // The hour is over: the next key signs, on this instance's next look at its keys.
    await timePasses(server.config.signingKeys.activationDelaySeconds + 1);
    expect(await publishedKids()).toEqual([next.kid, firstKid]);
    const after = await apiToken();
    const afterId = await idToken();
    expect(kidOf(after)).toBe(next.kid);
    expect(kidOf(afterId)).toBe(next.kid);
    // Both verify from the cached JWKS, without asking for it again; so do the old key's tokens.
    await api.validate(after);
    await api.validate(before);
    await jwtVerify(afterId, idKeys, { issuer: server.config.publicUrl });
    await jwtVerify(beforeId, idKeys, { issuer: server.config.publicUrl });
    expect([api.fetches(), joseFetches]).toEqual(fetchesBeforeSwitch);
    expect((await server.signingKeys.list()).map((k) => k.state)).toEqual(['retired', 'active']);
  });

  it('drops a retired key once nothing it signed can be valid, and housekeeping deletes it', async () => {
    const kids = await publishedKids();
    expect(kids).toHaveLength(2);
    await timePasses(RETIRED_KEY_KEPT_SECONDS + 1);
    expect(await publishedKids()).toEqual([kids[0]]);
    expect(await OAUTH_PURGE_STEPS.oidc_signing_keys?.(server.deps.dbHandle.db)).toBe(1);
    expect((await server.signingKeys.list()).map((k) => k.kid)).toEqual([kids[0]]);
  });

  it('an emergency rotation signs at once: a cache fetched moments before cannot know the key yet', async () => {
    const api = resourceServer();
    await api.validate(await apiToken());
    const urgent = await server.signingKeys.rotate({ immediately: true });
    await server.signingKeys.refresh();
    const token = await apiToken();
    expect(kidOf(token)).toBe(urgent.kid);
    // oauth4webapi asks again only for a cache older than a minute: this is why keys are published first.
    await expect(api.validate(token)).rejects.toThrow(/no applicable keys found/);
    api.cache.uat -= 61;
    await expect(api.validate(token)).resolves.toMatchObject({ aud: ORDERS });
  });

  it('on schedule (KEY_ROTATION_DAYS): one next key when the signing one is old enough, not two', async () => {
    const count = async () => (await server.signingKeys.list()).length;
    const had = await count();
    expect(await server.signingKeys.refresh()).toBe(false);
    expect(await count()).toBe(had);
    await timePasses((server.config.signingKeys.rotationDays + 1) * 86_400);
    expect(await count()).toBe(had + 1);
    expect(await count()).toBe(had + 1);
    expect((await server.signingKeys.list()).at(-1)?.state).toBe('next');
    await server.signingKeys.refresh();
    expect(await count()).toBe(had + 1);
  });
});

describe('a rotation under another SECRET_KEY (the admin command run without the servers’ one)', () => {
  it('is refused, said plainly, and writes nothing', async () => {
    const db = server.deps.dbHandle.db;
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('oidc_signing_keys')
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const stranger = createSigningKeys({
      db,
      secretKey: 'not the key this deployment was started with, at all',
      timing: server.config.signingKeys,
    });
    await expect(stranger.rotate()).rejects.toThrow(/SECRET_KEY is not the one this deployment uses/);
    expect(await count()).toBe(before);
    // The servers' own key still opens every key there.
    await server.signingKeys.refresh();
  });
});
