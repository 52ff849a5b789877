import { randomBytes } from 'node:crypto';
import { DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migration0051 } from '../../src/db/migrations/0051_names_read_as_written';
import { up as migration0054 } from '../../src/db/migrations/0054_names_show_something';
import { send } from '../developer/helpers';
import { ordersApi } from '../oauth/apis';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/*
 * Migrations 0051 and 0054: full names saved before the rule (and the publishers approved from
 * them), and About Me texts, lose the characters that made them read other than written, or that
 * show nothing; other texts are left as they are.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
const db = () => server.deps.dbHandle.db;

async function withName(fullName: string) {
  const user = await createUser(server);
  await sql`insert into profiles (id, full_name) values (${user.id}, ${fullName})
    on conflict (id) do update set full_name = excluded.full_name`.execute(db());
  const clientId = `omnia_${randomBytes(12).toString('hex')}`;
  await db()
    .insertInto('oauth2_clients')
    .values({
      user_id: user.id,
      client_id: clientId,
      client_secret: 'x',
      name: 'Notes',
      redirect_uris: ['https://notes.example/cb'],
      allowed_scopes: ['profile'],
      status: 'approved',
      publisher: fullName,
    })
    .execute();
  return { userId: user.id, clientId };
}

async function namesOf(ids: { userId: string; clientId: string }) {
  const profile = await db()
    .selectFrom('profiles')
    .select('full_name')
    .where('id', '=', ids.userId)
    .executeTakeFirst();
  const client = await db()
    .selectFrom('oauth2_clients')
    .select('publisher')
    .where('client_id', '=', ids.clientId)
    .executeTakeFirst();
  return [profile?.full_name, client?.publisher];
}

describe('migration 0051: names that read other than written', () => {
  it('lose their hidden characters; a name of nothing else becomes none; other names stay', async () => {
    const overridden = await withName('\u202EmaeT ytiruceS ainmO');
    const invisible = await withName('\u200B\u2066\u2069');
    const plain = await withName('Zoë Ḿüller-Łukasz 李');
    for (const statement of migration0051) await sql.raw(statement).execute(db());
    expect(await namesOf(overridden)).toEqual(['maeT ytiruceS ainmO', 'maeT ytiruceS ainmO']);
    expect(await namesOf(invisible)).toEqual([null, null]);
    expect(await namesOf(plain)).toEqual(['Zoë Ḿüller-Łukasz 李', 'Zoë Ḿüller-Łukasz 李']);
  });
});

describe('migration 0054: texts people read, of characters that show nothing', () => {
  it('lose them (a flag stays); a full name of nothing else becomes none; lines stay', async () => {
    const fillers = await withName('\u3164\u3164\u3164');
    const hyphens = await withName('Go\u00adog\u00adle');
    const tagged = await withName(`Alice${String.fromCodePoint(0xe0049, 0xe0047, 0xe004e)}`);
    const plain = await withName('Zoë Ḿüller-Łukasz 李 👩\u200d💻');
    const scotland = `\u{1f3f4}${String.fromCodePoint(0xe0067, 0xe0062, 0xe0073, 0xe0063, 0xe0074, 0xe007f)}`;
    const flagged = await withName(`Morag ${scotland}`);
    // An app's name and description saved before the rule (the app's form sends both).
    await sql`update oauth2_clients set name = ${'No\u00adtes'}, description = ${'One\u2028two\u3164'}
      where client_id = ${plain.clientId}`.execute(db());
    await sql`update profiles set bio = ${'First line\u2028second\u00ad line\nthird'} where id = ${plain.userId}`.execute(
      db(),
    );
    // An API's name and one scope's words (the API's form sends them all), in their order.
    const developer = await createUser(server);
    const identifier = `https://orders-${randomBytes(4).toString('hex')}.example.test/api`;
    expect(
      (await send(server, developer, 'POST', DEVELOPER_APIS_API.apis, ordersApi({ identifier }))).status,
    ).toBe(201);
    await sql`update oauth2_apis set name = ${'Orders\u00ad API'},
      scopes = jsonb_set(scopes, '{1,description}', to_jsonb(${'Place\u2800 orders for you'}::text))
      where identifier = ${identifier}`.execute(db());
    for (const statement of migration0054) await sql.raw(statement).execute(db());
    const api = await sql<{ name: string; scopes: { name: string; description: string }[] }>`
      select name, scopes from oauth2_apis where identifier = ${identifier}`.execute(db());
    expect(api.rows[0]?.name).toBe('Orders API');
    expect(api.rows[0]?.scopes.map((scope) => [scope.name, scope.description])).toEqual([
      ['orders:read', 'See your orders'],
      ['orders:write', 'Place orders for you'],
    ]);
    expect(await namesOf(fillers)).toEqual([null, null]);
    expect(await namesOf(hyphens)).toEqual(['Google', 'Google']);
    expect(await namesOf(tagged)).toEqual(['Alice', 'Alice']);
    expect(await namesOf(plain)).toEqual([
      'Zoë Ḿüller-Łukasz 李 👩\u200d💻',
      'Zoë Ḿüller-Łukasz 李 👩\u200d💻',
    ]);
    const { bio } = await db()
      .selectFrom('profiles')
      .select('bio')
      .where('id', '=', plain.userId)
      .executeTakeFirstOrThrow();
    expect(bio).toBe('First line\nsecond line\nthird');
    // A region's flag is kept whole.
    expect(await namesOf(flagged)).toEqual([`Morag ${scotland}`, `Morag ${scotland}`]);
    const app = await db()
      .selectFrom('oauth2_clients')
      .select(['name', 'description'])
      .where('client_id', '=', plain.clientId)
      .executeTakeFirstOrThrow();
    expect(app).toEqual({ name: 'Notes', description: 'One\ntwo' });
  });
});
