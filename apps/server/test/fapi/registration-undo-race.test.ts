import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../developer/helpers';
import { onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { initialToken, registerWith } from './registration-support';

/*
 * A dynamic registration refused once its app exists (its back-channel logout address is private)
 * removes the app again. The developer sees the app in the console from its insert on and may
 * rename it meanwhile: the removal must still happen, before the day's unit and the token's use
 * are given back. The window is held open by an outside session's lock on the table the
 * registration reads next (PostgreSQL only).
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!onPostgres)('a refused dynamic registration whose app is renamed meanwhile', () => {
  it('still leaves no app, and gives back the unit and the use', async () => {
    const developer = await createUser(server);
    const { token } = await initialToken(server, developer);
    const url = server.config.database.url;
    const hold = new pg.Client({ connectionString: url });
    const look = new pg.Client({ connectionString: url });
    await Promise.all([hold.connect(), look.connect()]);
    try {
      // The registration reads the app's members (updateSettings) only after its app is committed.
      await hold.query('begin');
      await hold.query('lock table oauth2_client_members in access exclusive mode');
      const registration = registerWith(server, token, {
        client_name: 'Tool-made app',
        redirect_uris: ['https://tool.example.test/callback'],
        backchannel_logout_uri: 'https://10.0.0.1/logout',
      });
      const app = await waitFor('the app', async () => {
        const { rows } = await look.query<{ id: string }>(
          'select id from oauth2_clients where user_id = $1',
          [developer.id],
        );
        return rows[0];
      });
      // The developer renames it in the console meanwhile.
      await look.query(`update oauth2_clients set name = 'Renamed meanwhile' where id = $1`, [app.id]);
      await hold.query('commit');

      const answered = await registration;
      expect(answered.status).toBe(400);
      expect(await answered.json()).toMatchObject({ error: 'invalid_client_metadata' });
      const { rows: apps } = await look.query('select id from oauth2_clients where user_id = $1', [
        developer.id,
      ]);
      expect(apps).toEqual([]);
      const { rows: counted } = await look.query<{ count: number; pending: number }>(
        'select count, pending from rate_limits where key = $1',
        [`app-registrations:${developer.id}`],
      );
      expect(counted[0]).toMatchObject({ count: 0, pending: 0 });
      const listed = await send(server, developer, 'GET', REGISTRATION_TOKENS_API.tokens);
      const { tokens } = (await listed.json()) as { tokens: { uses: number }[] };
      expect(tokens[0]?.uses).toBe(0);
    } finally {
      await hold.query('rollback').catch(() => undefined);
      await Promise.allSettled([hold.end(), look.end()]);
    }
  });
});
