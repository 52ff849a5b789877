import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertClient, issueTokens, userinfo } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

it("after a deletion no app's usage event names the deleted person (docs: set to null, naming nobody)", async () => {
  const dev = await createUser(server);
  const app = await insertClient(server, dev, { name: 'Used App' });
  const person = await createUser(server);
  const { access_token: access } = await issueTokens(server, app, person);
  expect((await userinfo(server, access)).status).toBe(200);
  // Deleted right away (the usage events are still in the instance's one-second buffer).
  const del = await server.fetch('/api/me/account', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...person.authHeader },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(del.status).toBe(204);
  await new Promise((r) => setTimeout(r, 2_000));
  const left = await server.deps.dbHandle.db
    .selectFrom('oauth2_usage_stats')
    .select(['action', 'user_id'])
    .where('user_id', '=', person.id)
    .execute();
  expect(left, 'usage events naming the deleted account').toEqual([]);
});
