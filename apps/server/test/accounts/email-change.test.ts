import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, outboxFor, postJson, type TestUser, uniqueEmail } from '../support/users';

/** Changing the e-mail address (issue 18): confirmed by the new address, cancellable by the old. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const request = (user: TestUser, email: string, password = user.password) =>
  postJson(server, '/api/me/account/email', { email, password }, user.authHeader);
const login = (email: string, password: string) => postJson(server, '/api/auth/login', { email, password });
const follow = (link: string) => server.fetch(link, { redirect: 'manual' });

describe('changing the e-mail address', () => {
  it('the new address confirms; until then the old one signs in; the old one is told and can cancel, which undoes it and signs out everywhere', async () => {
    const user = await createUser(server);
    const next = uniqueEmail('moved');
    expect((await request(user, next)).status).toBe(202);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(next, user.password)).status).toBe(400);
    const confirm = await latestLink(server, next, '/api/auth/confirm-email');
    const cancel = await latestLink(server, user.email, '/api/auth/cancel-email-change');

    const confirmed = await follow(confirm);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/settings?email=changed');
    expect((await login(next, user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(400);
    expect((await outboxFor(server, user.email)).map((m) => m.subject)).toContain(
      'Your Omnia email address was changed',
    );
    // The link works once.
    expect((await follow(confirm)).headers.get('location')).toBe('/auth/callback?error=invalid_token');

    const cancelled = await follow(cancel);
    expect(cancelled.headers.get('location')).toBe('/login?email=kept');
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login(next, user.password)).status).toBe(400);
    expect((await server.fetch('/api/me/profile', { headers: user.authHeader })).status).toBe(401);
  });

  it('an address with an account: the same answer, and nothing is sent to it; a wrong password or the same address is refused', async () => {
    const user = await createUser(server);
    const other = await createUser(server);
    const before = (await outboxFor(server, other.email)).length;
    expect((await request(user, other.email)).status).toBe(202);
    expect((await outboxFor(server, other.email)).length).toBe(before);
    expect((await request(user, uniqueEmail('x'), 'not it')).status).toBe(400);
    expect((await request(user, user.email.toUpperCase())).status).toBe(400);
    expect((await request(user, 'not an address')).status).toBe(400);
  });

  it('a sign-up with the new address before the link is used: the link then fails, nobody has two accounts', async () => {
    const user = await createUser(server);
    const next = uniqueEmail('race');
    expect((await request(user, next)).status).toBe(202);
    const confirm = await latestLink(server, next, '/api/auth/confirm-email');
    const [signup, confirmed] = await Promise.all([
      postJson(server, '/api/auth/signup', { email: next, password: 'copper lantern meadow' }),
      follow(confirm),
    ]);
    const owners = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', next.toLowerCase()))
      .execute();
    expect(owners).toHaveLength(1);
    // Whichever came first holds the address; the other was told.
    expect(signup.status === 201 || confirmed.headers.get('location') === '/settings?email=changed').toBe(
      true,
    );
  });
});
