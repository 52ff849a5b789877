import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAs, insertClient } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { changePassword, createUser, outboxFor, postJson } from '../support/users';

/** Security notices by e-mail: a sign-in from a new device, a changed password. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const signIn = (email: string, password: string, userAgent: string) =>
  postJson(server, '/api/auth/login', { email, password }, { 'user-agent': userAgent });
const subjects = async (email: string) => (await outboxFor(server, email)).map((m) => m.subject);

describe('security notices', () => {
  it('a sign-in from a device the account has not used is mailed to its owner; the same device again is not', async () => {
    const user = await createUser(server);
    expect((await signIn(user.email, user.password, FIREFOX)).status).toBe(200);
    const afterFirefox = await subjects(user.email);
    expect(afterFirefox.filter((s) => s === 'New sign-in to your Omnia account')).toHaveLength(1);
    const mail = (await outboxFor(server, user.email))[0];
    expect(mail?.text_body).toContain('Firefox · Linux');
    expect((await signIn(user.email, user.password, FIREFOX)).status).toBe(200);
    expect(
      (await subjects(user.email)).filter((s) => s === 'New sign-in to your Omnia account'),
    ).toHaveLength(1);
    expect((await signIn(user.email, user.password, SAFARI)).status).toBe(200);
    expect(
      (await subjects(user.email)).filter((s) => s === 'New sign-in to your Omnia account'),
    ).toHaveLength(2);
  });

  it('a changed password is mailed to the owner', async () => {
    const user = await createUser(server);
    const changed = await changePassword(server, user, 'amber canyon whistle frost');
    expect(changed.status).toBe(200);
    expect(await subjects(user.email)).toContain('Your Omnia password was changed');
  });

  it('allowing an app is mailed to the person', async () => {
    const user = await createUser(server);
    const app = await insertClient(server, await createUser(server), { name: 'Notes Pro' });
    await authorizeAs(server, app, user);
    await expect.poll(async () => subjects(user.email)).toContain('Notes Pro can now use your Omnia account');
  });
});
