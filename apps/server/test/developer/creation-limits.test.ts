import { DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import { REGISTRATION_TOKENS_API } from '@omnia/contracts/registration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialToken, registerWith } from '../fapi/registration-support';
import { ordersApi } from '../oauth/apis';
import { startTestServer, type TestServer } from '../support/test-server';
import { answerBeforeBody } from '../support/uploads';
import { createUser } from '../support/users';
import { errorOf, pngBytes, send, uploadLogo, validClient } from './helpers';

/*
 * What one account may create in a day (developer/limits.ts, apis/limits.ts): each creation stays,
 * so without a bound one account could fill the storage with logos or claim API identifiers by the
 * thousand. Past the budget: 429 with the limit's own words, nothing created; another account is
 * not affected.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const countOf = async (table: 'oauth2_clients' | 'oauth2_apis', userId: string) =>
  (await server.deps.dbHandle.db.selectFrom(table).select('id').where('user_id', '=', userId).execute())
    .length;

describe('what an account may create in a day', () => {
  it('20 apps, then 429 and no app; another developer still registers', async () => {
    const developer = await createUser(server);
    for (let i = 0; i < 20; i++)
      expect(
        (await send(server, developer, 'POST', DEVELOPER_API.clients, validClient({ name: `App ${i}` })))
          .status,
      ).toBe(201);
    const refused = await send(
      server,
      developer,
      'POST',
      DEVELOPER_API.clients,
      validClient({ name: 'One more' }),
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await errorOf(refused)).message).toBe(MESSAGES.appRegistrationLimit);
    expect(await countOf('oauth2_clients', developer.id)).toBe(20);
    // A tool registering with the developer's initial access token is held to the same day.
    const { token } = await initialToken(server, developer);
    const tool = await registerWith(server, token, {
      client_name: 'Tool-made app',
      redirect_uris: ['https://tool.example.test/callback'],
    });
    expect(tool.status).toBe(429);
    expect(await tool.json()).toEqual({
      error: 'rate_limited',
      error_description: MESSAGES.appRegistrationLimit,
    });
    const tokens = (await (await send(server, developer, 'GET', REGISTRATION_TOKENS_API.tokens)).json()) as {
      tokens: { uses: number }[];
    };
    expect(tokens.tokens[0]?.uses).toBe(0);
    expect(await countOf('oauth2_clients', developer.id)).toBe(20);
    const other = await createUser(server);
    expect((await send(server, other, 'POST', DEVELOPER_API.clients, validClient())).status).toBe(201);
  });

  it('30 logos, then 429 and nothing stored', async () => {
    const developer = await createUser(server);
    const png = await pngBytes();
    for (let i = 0; i < 30; i++)
      expect((await uploadLogo(server, developer, png, `logo-${i}.png`)).status).toBe(201);
    const refused = await uploadLogo(server, developer, png, 'one-more.png');
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(MESSAGES.logoUploadLimit);
    // The next one is refused before its body is read.
    expect(await answerBeforeBody(server, developer, '/api/developer/logos')).toEqual({
      status: 429,
      code: 'rate_limited',
    });
  });

  it('10 APIs, then 429 and the identifier stays free', async () => {
    const developer = await createUser(server);
    const api = (i: number) =>
      send(
        server,
        developer,
        'POST',
        DEVELOPER_APIS_API.apis,
        ordersApi({ name: `API ${i}`, identifier: `https://api${i}-${developer.id}.example.test/` }),
      );
    for (let i = 0; i < 10; i++) expect((await api(i)).status).toBe(201);
    const refused = await api(10);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(MESSAGES.apiRegistrationLimit);
    expect(await countOf('oauth2_apis', developer.id)).toBe(10);
  });

  it('a refused attempt gives its unit back: bad images, failed registrations', async () => {
    const developer = await createUser(server);
    const notAnImage = new TextEncoder().encode('this is not a picture');
    for (let i = 0; i < 30; i++)
      expect((await uploadLogo(server, developer, notAnImage, `bad-${i}.png`)).status).toBe(415);
    expect((await uploadLogo(server, developer, await pngBytes(), 'good.png')).status).toBe(201);

    // Refused only once the app exists (its back-channel logout address is private): removed again.
    const { token } = await initialToken(server, developer);
    for (let i = 0; i < 20; i++) {
      const refused = await registerWith(server, token, {
        client_name: `Tool-made app ${i}`,
        redirect_uris: ['https://tool.example.test/callback'],
        backchannel_logout_uri: 'https://10.0.0.1/logout',
      });
      expect(refused.status, await refused.clone().text()).toBe(400);
    }
    expect(await countOf('oauth2_clients', developer.id)).toBe(0);
    expect((await send(server, developer, 'POST', DEVELOPER_API.clients, validClient())).status).toBe(201);
  });

  it("a taken identifier uses a unit: whether another's API is registered is not free to probe", async () => {
    const victim = await createUser(server);
    const internal = ordersApi({ identifier: `https://billing.internal-${victim.id}.example.test/api` });
    expect((await send(server, victim, 'POST', DEVELOPER_APIS_API.apis, internal)).status).toBe(201);
    const prober = await createUser(server);
    for (let i = 0; i < 8; i++) {
      const own = ordersApi({ identifier: `https://own-${i}-${prober.id}.example.test/api` });
      expect((await send(server, prober, 'POST', DEVELOPER_APIS_API.apis, own)).status).toBe(201);
    }
    for (let i = 0; i < 2; i++) {
      const probe = await send(server, prober, 'POST', DEVELOPER_APIS_API.apis, internal);
      expect(probe.status).toBe(400);
      expect((await errorOf(probe)).message).toBe(MESSAGES.apiIdentifierTaken);
    }
    const refused = await send(server, prober, 'POST', DEVELOPER_APIS_API.apis, internal);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toBe(MESSAGES.apiRegistrationLimit);
    expect(await countOf('oauth2_apis', prober.id)).toBe(8);
  });
});
