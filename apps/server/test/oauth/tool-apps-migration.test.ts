import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as migration0047 } from '../../src/db/migrations/0047_client_registered_by_tool';
import { register, send } from '../developer/helpers';
import { initialToken, registerWith } from '../fapi/registration-support';
import { ORDERS, service, serviceToken, useApiWorld } from './apis';

/*
 * Migration 0047: the apps tools registered before it were marked as their developer's own, and
 * could ask for every scope of the developer's APIs unlisted. It finds them by their registration
 * access token, or, once that was ended, by the notice their developer got.
 */
const world = useApiWorld();
const db = () => world.server.deps.dbHandle.db;

async function toolApp(name: string, endToken: boolean) {
  const { server, owner } = world;
  const { token } = await initialToken(server, owner);
  const registered = await registerWith(server, token, {
    client_name: name,
    grant_types: ['client_credentials'],
  });
  expect(registered.status).toBe(201);
  const { client_id, client_secret } = (await registered.json()) as {
    client_id: string;
    client_secret: string;
  };
  // As every tool's app was before 0047.
  await sql`update oauth2_clients set created_by = ${owner.id} where client_id = ${client_id}`.execute(db());
  if (endToken) {
    const { clients } = (await (await send(server, owner, 'GET', DEVELOPER_API.clients)).json()) as {
      clients: OAuthClient[];
    };
    const app = clients.find((c) => c.client_id === client_id);
    expect(
      (await send(server, owner, 'DELETE', REGISTRATION_TOKENS_API.appRegistration(app?.id ?? ''))).status,
    ).toBe(204);
  }
  return { client_id, client_secret };
}

const clientCredentials = async (clientId: string, secret: string) =>
  (
    await world.server.fetch('/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: ORDERS, scope: 'orders:read' }),
    })
  ).json();

describe('migration 0047: apps tools registered before it', () => {
  it('stop counting as their developer’s own, with or without their registration access token', async () => {
    const { server, owner } = world;
    const consoleApp = await register(server, owner, service('Made in the console'));
    // Made well before any tool's registration: nothing ties it to one.
    await db()
      .updateTable('oauth2_clients')
      .set({ created_at: sql<Date>`now() - interval '1 hour'` })
      .where('id', '=', consoleApp.id)
      .execute();
    const withToken = await toolApp('Tool app, token live', false);
    const tokenEnded = await toolApp('Tool app, token ended', true);
    expect(await clientCredentials(tokenEnded.client_id, tokenEnded.client_secret)).toHaveProperty(
      'access_token',
    );

    for (const statement of migration0047) await sql.raw(statement).execute(db());

    for (const app of [withToken, tokenEnded])
      expect(await clientCredentials(app.client_id, app.client_secret)).toMatchObject({
        error: 'invalid_target',
      });
    expect(
      await serviceToken(server, owner, consoleApp, { resource: ORDERS, scope: 'orders:read' }),
    ).toHaveProperty('access_token');
  });
});
