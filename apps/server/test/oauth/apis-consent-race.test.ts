import { DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import * as oidc from 'openid-client';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { onPostgres } from '../support/outside-session';
import { configFor, ORDERS, ordersApi, REDIRECT, useApiWorld } from './apis';
import { CookieJar, decide, pkce, startAuthorization } from './flow';

/*
 * Allow clicked while the API's owner takes a scope away: the narrowing of people's consents ran
 * before this consent was saved, and the save put the removed scope back in it; given back later
 * under new words, that stale consent granted them without asking. An outside session holds the
 * owner's edit open (its row locked, not committed) while the person clicks Allow.
 */
const world = useApiWorld();

describe.skipIf(!onPostgres)('Allow racing the API owner’s removal of a scope', () => {
  it('the saved consent keeps no more than the API has once the edit commits', async () => {
    const { server, owner, api } = world;
    const web = await register(
      server,
      owner,
      validClient({ name: 'Racing shop', redirect_uris: [REDIRECT] }),
    );
    const config = await configFor(server, owner, web);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid orders:read orders:write',
      resource: ORDERS,
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const jar = CookieJar.of(owner);
    const uid = await startAuthorization(server, jar, url.pathname + url.search);

    const outside = new pg.Client({ connectionString: server.config.database.url });
    await outside.connect();
    let decided: Promise<unknown>;
    try {
      await outside.query('begin');
      // The owner's edit, under way: orders:write goes (its commit comes after the click).
      const [read] = ordersApi().scopes;
      await outside.query('update oauth2_apis set scopes = $1 where id = $2', [
        JSON.stringify([read]),
        api.api.id,
      ]);
      decided = decide(server, jar, uid, owner, true);
      await new Promise((r) => setTimeout(r, 300));
      await outside.query('commit');
      await decided;
    } finally {
      await outside.end();
    }
    const { rows } = await grantedOrders(server.config.database.url ?? '', web.client_id);
    expect(rows).toEqual(['orders:read']);
    // The scope given back under new words: the person is asked again, nothing granted unseen.
    const back = await send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(api.api.id), {
      name: 'Orders API',
      scopes: [
        ...ordersApi().scopes.slice(0, 1),
        { name: 'orders:write', description: 'Delete all your orders' },
      ],
    });
    expect(back.status).toBe(200);
    expect((await grantedOrders(server.config.database.url ?? '', web.client_id)).rows).toEqual([
      'orders:read',
    ]);
  });
});

describe.skipIf(!onPostgres)('Allow racing the API owner’s disallow of the app', () => {
  it('the saved consent keeps nothing the app may no longer get', async () => {
    const { server, owner, stranger, api } = world;
    const app = await register(
      server,
      stranger,
      validClient({ name: 'Partner shop', redirect_uris: [REDIRECT] }),
    );
    const allowed = await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
      client_id: app.client_id,
      scopes: ['orders:read', 'orders:write'],
    });
    expect(allowed.status).toBe(200);
    const jar = CookieJar.of(stranger);
    const ask = (scope: string) => {
      const q = new URLSearchParams({
        client_id: app.client_id,
        redirect_uri: REDIRECT,
        response_type: 'code',
        scope,
        state: 's',
        resource: ORDERS,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
      });
      return startAuthorization(server, jar, `/oauth2/authorize?${q}`);
    };
    // A first consent (orders:read), then a second request the person is deciding on.
    await decide(server, jar, await ask('openid orders:read'), stranger, true);
    const uid = await ask('openid orders:read orders:write');
    const url = server.config.database.url ?? '';
    const outside = new pg.Client({ connectionString: url });
    await outside.connect();
    try {
      // The disallow under way: the app's allowance gone, people's consents narrowed (their rows held).
      await outside.query('begin');
      await outside.query('delete from oauth2_api_access where api_id = $1 and client_id = $2', [
        api.api.id,
        app.client_id,
      ]);
      await outside.query(
        `update oidc_models set payload = payload #- array['resources', $1]
          where model = 'Grant' and client_id = $2 and payload -> 'resources' ->> $1 is not null`,
        [ORDERS, app.client_id],
      );
      const decided = decide(server, jar, uid, stranger, true);
      await new Promise((r) => setTimeout(r, 300));
      await outside.query('commit');
      await decided;
    } finally {
      await outside.end();
    }
    // Allowed again later, the old consent must not come back unasked: none is left.
    expect((await grantedOrders(url, app.client_id)).rows).toEqual([]);
  });
});

/** The scopes of the Orders API the app's consent grants, read as the database has them. */
async function grantedOrders(url: string, clientId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ scopes: string | null }>(
      `select payload -> 'resources' ->> $1 as scopes from oidc_models where model = 'Grant' and client_id = $2`,
      [ORDERS, clientId],
    );
    return { rows: rows.flatMap((r) => (r.scopes ?? '').split(' ').filter(Boolean)) };
  } finally {
    await c.end();
  }
}
