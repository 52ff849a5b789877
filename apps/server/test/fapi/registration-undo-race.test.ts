import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { send } from '../developer/helpers';
import { onPostgres, whileHeld } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';
import { initialToken, manage, registerWith } from './registration-support';

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

/**
 * A dynamic registration refused once its app exists, whose removal fails (a trigger stands for any
 * failure: a deadlock, a lost connection, a timeout) or removes nothing (the app was handed over
 * meanwhile): what stays of it.
 */
async function refusedAndNotUndone(name: string, removal: 'fails' | 'removes nothing' = 'fails') {
  const developer = await createUser(server);
  const { token } = await initialToken(server, developer);
  const db = server.deps.dbHandle.db;
  await sql
    .raw(`create function refuse_undo() returns trigger language plpgsql as $$
      begin if old.name = '${name}' then ${removal === 'fails' ? "raise exception 'removal failed'" : 'return null'}; end if; return old; end $$`)
    .execute(db);
  await sql
    .raw(
      'create trigger refuse_undo before delete on oauth2_clients for each row execute function refuse_undo()',
    )
    .execute(db);
  try {
    const res = await registerWith(server, token, {
      client_name: name,
      redirect_uris: ['https://tool.example.test/callback'],
      backchannel_logout_uri: 'https://10.0.0.1/logout',
    });
    const apps = await db
      .selectFrom('oauth2_clients')
      .select('name')
      .where('user_id', '=', developer.id)
      .execute();
    const counted = await sql<{
      count: number;
    }>`select count from rate_limits where key = ${`app-registrations:${developer.id}`}`.execute(db);
    const listed = await send(server, developer, 'GET', REGISTRATION_TOKENS_API.tokens);
    const { tokens } = (await listed.json()) as { tokens: { uses: number }[] };
    const notices = await db
      .selectFrom('notifications')
      .select(['kind', 'data'])
      .where('user_id', '=', developer.id)
      .where('kind', '=', 'app_registered')
      .execute();
    return {
      status: res.status,
      body: await res.json(),
      apps,
      unitsCounted: counted.rows[0]?.count,
      usesTaken: tokens[0]?.uses,
      notices,
    };
  } finally {
    await sql.raw('drop trigger refuse_undo on oauth2_clients').execute(db);
    await sql.raw('drop function refuse_undo()').execute(db);
  }
}

describe('a refused dynamic registration whose app cannot be removed', () => {
  /** The app stays in the console: its unit and its use stay spent, and its developer hears of it. */
  const keptAsRegistered = (name: string) => ({
    status: 400,
    body: expect.objectContaining({ error: 'invalid_client_metadata' }),
    apps: [{ name }],
    unitsCounted: 1,
    usesTaken: 1,
    notices: [{ kind: 'app_registered', data: { app: name, token: 'CI pipeline' } }],
  });

  it('keeps the app, its unit and its use, and still answers RFC 7591’s error', async () => {
    expect(await refusedAndNotUndone('Cannot be undone')).toEqual(keptAsRegistered('Cannot be undone'));
  });

  it('keeps them when the removal finds no app of the developer’s to remove', async () => {
    expect(await refusedAndNotUndone('Gone elsewhere', 'removes nothing')).toEqual(
      keptAsRegistered('Gone elsewhere'),
    );
  });

  it('keeps them too when even the log of the failed removal fails', async () => {
    const logged = vi.spyOn(server.deps.logger, 'error').mockImplementation(() => {
      throw new Error('log sink gone');
    });
    try {
      expect(await refusedAndNotUndone('Not undone, not logged')).toEqual(
        keptAsRegistered('Not undone, not logged'),
      );
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
    }
  });
});

/** A developer and an app a tool registered for them: its registration URI and access token. */
async function toolApp(name: string) {
  const developer = await createUser(server);
  const { token } = await initialToken(server, developer);
  const registered = await registerWith(server, token, {
    client_name: name,
    redirect_uris: ['https://tool.example.test/callback'],
  });
  const made = (await registered.json()) as Record<string, string>;
  return { developer, uri: made.registration_client_uri ?? '', rat: made.registration_access_token ?? '' };
}

describe('RFC 7592 deletes racing', () => {
  it('delete the app once; the other is told its token no longer counts', async () => {
    const { uri, rat } = await toolApp('Deleted twice');
    const answers = await Promise.all([manage(uri, rat, 'DELETE'), manage(uri, rat, 'DELETE')]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 401]);
  });
});

describe.skipIf(!onPostgres)('RFC 7592 delete of an app renamed meanwhile', () => {
  it('deletes it: the registration access token stands for its name', async () => {
    const { developer, uri, rat } = await toolApp('Tool-made app');
    const hold = new pg.Client({ connectionString: server.config.database.url });
    await hold.connect();
    try {
      // The delete reads the app, then waits on its row, which the developer's rename holds.
      await hold.query('begin');
      await hold.query(`update oauth2_clients set name = 'Renamed meanwhile' where user_id = $1`, [
        developer.id,
      ]);
      const deleted = manage(uri, rat, 'DELETE');
      await sleep(300);
      await hold.query('commit');
      expect((await deleted).status).toBe(204);
      const { rows } = await hold.query('select id from oauth2_clients where user_id = $1', [developer.id]);
      expect(rows).toEqual([]);
    } finally {
      await hold.query('rollback').catch(() => undefined);
      await hold.end();
    }
  });
});

describe.skipIf(!onPostgres)('RFC 7592 delete racing the console’s revocation of the token', () => {
  it('deletes nothing once the developer has revoked the tool’s access', async () => {
    const { developer, uri, rat } = await toolApp('Kept by its developer');
    const db = server.deps.dbHandle.db;
    const app = await db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('user_id', '=', developer.id)
      .executeTakeFirstOrThrow();
    // An outside session holds the app's row. The developer ends the tool's access in the console
    // (it waits for the row, as every change of the app does); then the tool's delete reads its
    // token, still there, and waits behind it.
    const { revoked, deleted } = await whileHeld(
      server.config.database.url,
      [['select id from oauth2_clients where id = $1 for update', [app.id]]],
      async () => {
        const revoked = send(server, developer, 'DELETE', REGISTRATION_TOKENS_API.appRegistration(app.id));
        await sleep(300);
        const deleted = manage(uri, rat, 'DELETE');
        await sleep(300);
        return { revoked, deleted };
      },
    );
    expect((await revoked).status).toBe(204);
    expect((await deleted).status).toBe(401);
    const kept = await db.selectFrom('oauth2_clients').select('name').where('id', '=', app.id).execute();
    expect(kept).toEqual([{ name: 'Kept by its developer' }]);
  });
});

describe.skipIf(!onPostgres)('RFC 7592 update racing the console’s revocation of the token', () => {
  it('changes nothing once the developer has revoked the tool’s access', async () => {
    const { developer, uri, rat } = await toolApp('Named by its developer');
    const db = server.deps.dbHandle.db;
    const app = await db
      .selectFrom('oauth2_clients')
      .select(['id', 'client_id'])
      .where('user_id', '=', developer.id)
      .executeTakeFirstOrThrow();
    // As above: the revocation waits for the app's row first; the tool's update has passed its
    // token check (and taken the token) and waits behind it to change the app.
    const { revoked, updated } = await whileHeld(
      server.config.database.url,
      [['select id from oauth2_clients where id = $1 for update', [app.id]]],
      async () => {
        const revoked = send(server, developer, 'DELETE', REGISTRATION_TOKENS_API.appRegistration(app.id));
        await sleep(300);
        const updated = manage(uri, rat, 'PUT', {
          client_id: app.client_id,
          client_name: 'Renamed by the tool',
          redirect_uris: ['https://tool.example.test/callback'],
        });
        await sleep(300);
        return { revoked, updated };
      },
    );
    expect((await revoked).status).toBe(204);
    expect((await updated).status).toBe(401);
    const kept = await db.selectFrom('oauth2_clients').select('name').where('id', '=', app.id).execute();
    expect(kept).toEqual([{ name: 'Named by its developer' }]);
  });
});
