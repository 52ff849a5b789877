import { WEBHOOKS_API } from '@omnia/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedApp, send, validClient } from '../developer/helpers';
import { authorizeAs, REDIRECT_URI, redeemCode } from '../oauth/flow';
import { interleave, onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/*
 * An app deleted while something happens that its webhook would hear of. The deletion is held open
 * by a session of its own on the PostgreSQL server (PGlite has one connection, so it cannot race),
 * exactly where the app's own deletion would be: its row gone, its grants next. The change must
 * still be done and answered, and the deletion must still commit.
 */
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
});
afterAll(() => server?.close());

/** An approved app of the owner, with a webhook for every event, that `person` signed in to. */
async function appUsedBy(person: TestUser) {
  const { app, client } = await approvedApp(server, owner, validClient({ redirect_uris: [REDIRECT_URI] }));
  const saved = await send(server, owner, 'PUT', WEBHOOKS_API.webhook(app.id), {
    url: 'https://hooks.example/omnia',
    events: ['user.updated', 'grant.revoked'],
  });
  expect(saved.status).toBe(200);
  const { back, verifier } = await authorizeAs(server, client, person, 'openid profile');
  expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
  return app.client_id;
}

/** Runs `during` while another session deletes the app, as the app's deletion does. */
const whileAppIsDeleted = (clientId: string, during: () => Promise<Response>) =>
  interleave(
    server.config.database.url,
    [['delete from oauth2_clients where client_id = $1', [clientId]]],
    during,
    // What the app's deletion does next (endClientGrants): its grants and tokens go.
    [['delete from oidc_models where client_id = $1', [clientId]]],
  );

describe.skipIf(!onPostgres)('an app deleted while its webhook would hear of a change', () => {
  it('a profile saved meanwhile is saved and answered 200; the event goes nowhere', async () => {
    const person = await createUser(server);
    const clientId = await appUsedBy(person);
    const saved = await whileAppIsDeleted(clientId, () =>
      server.fetch('/api/me/profile', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...person.authHeader },
        body: JSON.stringify({
          full_name: 'Grace Hopper',
          username: `grace_${person.id.slice(0, 8)}`,
          date_of_birth: '1990-12-10',
        }),
      }),
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const profile = await server.fetch('/api/me/profile', { headers: person.authHeader });
    expect(((await profile.json()) as { full_name: string }).full_name).toBe('Grace Hopper');
    const queued = await server.deps.dbHandle.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(queued).toEqual([]);
  });

  it('revoking it in Connected apps meanwhile answers, never 409 or 500, and the deletion commits', async () => {
    const person = await createUser(server);
    const clientId = await appUsedBy(person);
    const revoked = await whileAppIsDeleted(clientId, () =>
      server.fetch(`/api/me/connected-apps/${clientId}`, { method: 'DELETE', headers: person.authHeader }),
    );
    // The deletion took the grant first: nothing was left to revoke.
    expect([204, 404], await revoked.clone().text()).toContain(revoked.status);
    const left = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select('client_id')
      .where('client_id', '=', clientId)
      .execute();
    expect(left).toEqual([]);
  });
});
