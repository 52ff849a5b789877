import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createUser } from '../support/users';
import {
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pkce,
  startAuthorization,
  useClientWorld,
} from './flow';

/*
 * The engine saves its session again with a whole lifetime each time it changes: each app a person
 * authorizes in the browser did, so a session in use never ended, and outlived the retired signing
 * key its apps' ID tokens were signed with (kept 14 days): their `id_token_hint` at logout or with
 * `prompt=none` was then refused. A signed-in engine session now ends 14 days after it began.
 */
const world = useClientWorld();
const DAY = 86_400;

it('a later authorization in the same browser does not extend the engine session', async () => {
  const { server, user, client } = world;
  const db = server.deps.dbHandle.db;
  const jar = CookieJar.of(user);
  const allow = async (app: typeof client) => {
    const uid = await startAuthorization(server, jar, authorizeUrl(app, { challenge: pkce().challenge }));
    expect((await decide(server, jar, uid, user, true)).searchParams.get('code')).toBeTruthy();
  };
  const sessionEnds = async () => {
    const rows = await db
      .selectFrom('oidc_models')
      .select('expires_at')
      .where('model', '=', 'Session')
      .where('account_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    return new Date(rows[0]?.expires_at as Date | string).getTime();
  };
  await allow(client);
  expect(await sessionEnds()).toBeGreaterThan(Date.now() + 13.9 * DAY * 1000);

  // Thirteen days later (the session began then), the person authorizes another app here.
  await sql`update oidc_models
    set payload = jsonb_set(payload, '{iat}', to_jsonb(extract(epoch from now())::bigint - ${13 * DAY}))
    where model = 'Session' and account_id = ${user.id}`.execute(db);
  await allow(await insertClient(server, user, { name: 'Another app' }));
  // Still the same session, ending a day from now, not fourteen.
  const ends = await sessionEnds();
  expect(ends).toBeGreaterThan(Date.now() + 0.9 * DAY * 1000);
  expect(ends).toBeLessThan(Date.now() + 1.1 * DAY * 1000);
});

it('a consent screen opened as the session reaches its end can still be answered', async () => {
  const { server, client } = world;
  const db = server.deps.dbHandle.db;
  const person = await createUser(server);
  const jar = CookieJar.of(person);
  const allow = async (app: typeof client, between?: () => Promise<void>) => {
    const uid = await startAuthorization(server, jar, authorizeUrl(app, { challenge: pkce().challenge }));
    await between?.();
    return decide(server, jar, uid, person, true);
  };
  expect((await allow(client)).searchParams.get('code')).toBeTruthy();
  // The session began fourteen days ago (and a few seconds): the screen of another app opens now.
  await sql`update oidc_models
    set payload = jsonb_set(payload, '{iat}', to_jsonb(extract(epoch from now())::bigint - ${14 * DAY + 5}))
    where model = 'Session' and account_id = ${person.id}`.execute(db);
  const other = await insertClient(server, person, { name: 'A last app' });
  // The person reads the screen for a moment, then allows: the app gets its code.
  const back = await allow(other, () => new Promise((r) => setTimeout(r, 1500)));
  expect(back.searchParams.get('error')).toBeNull();
  expect(back.searchParams.get('code')).toBeTruthy();
});
