import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { REGISTRATION_TOKENS_API, type RegistrationTokensResponse } from '@omnia/contracts/registration';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { send } from '../developer/helpers';
import { REDIRECT_URI } from '../oauth/flow';
import { createUser } from '../support/users';
import { clientKeys } from './fixture';
import {
  initialToken,
  manage,
  type Registered,
  registerWith,
  useDeveloperServer,
} from './registration-support';

/**
 * Dynamic client registration at its edges, as an outside review attacked it: text PostgreSQL
 * cannot store, updates racing with one token, an app handed over and back, and an address that
 * sent many refused tokens.
 */
const w = useDeveloperServer();

const register = (token: string | undefined, metadata: object | string) =>
  registerWith(w.server, token, metadata);
const apps = async (user = w.developer) =>
  ((await (await send(w.server, user, 'GET', DEVELOPER_API.clients)).json()) as { clients: OAuthClient[] })
    .clients;
const usesOf = async (id: string) =>
  (
    (await (
      await send(w.server, w.developer, 'GET', REGISTRATION_TOKENS_API.tokens)
    ).json()) as RegistrationTokensResponse
  ).tokens.find((t) => t.id === id)?.uses;

describe('dynamic client registration at its edges', () => {
  it('text with NUL or a broken surrogate is refused as metadata: no app, no use taken', async () => {
    const once = await initialToken(w.server, w.developer, 1);
    const before = (await apps()).length;
    const { jwks } = await clientKeys();
    const key = jwks.keys[0] as Record<string, unknown>;
    const keyed = (kid: string) => ({
      client_name: 'Keyed',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...key, kid }] },
    });
    for (const body of [
      keyed('k\u0000'),
      // An unpaired surrogate, as JSON escapes it.
      JSON.stringify(keyed('k-LONE')).replace('k-LONE', 'k\\ud800'),
      {
        client_name: 'Keyed',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks_uri: 'https://keys.example/\u0000',
      },
      { client_name: 'Nul\u0000name', redirect_uris: [REDIRECT_URI] },
    ]) {
      const res = await register(once.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    }
    expect(await usesOf(once.id)).toBe(0);
    expect((await apps()).length).toBe(before);
    // The one use is still there.
    expect((await register(once.token, { client_name: 'Plain', redirect_uris: [REDIRECT_URI] })).status).toBe(
      201,
    );
  });

  it("the console's security profile refuses a key id with a broken surrogate, and keeps the profile", async () => {
    const made = (await (
      await register((await initialToken(w.server, w.developer)).token, {
        client_name: 'Console keyed',
        redirect_uris: [REDIRECT_URI],
      })
    ).json()) as Registered;
    const app = (await apps()).find((c) => c.client_id === made.client_id) as OAuthClient;
    const { jwks } = await clientKeys();
    const res = await send(w.server, w.developer, 'PUT', DEVELOPER_API.security(app.id), {
      ...app.security,
      auth_method: 'private_key_jwt',
      jwks: { keys: [{ ...jwks.keys[0], kid: 'k\ud800' }] },
    });
    expect(res.status).toBe(400);
    const after = (await apps()).find((c) => c.client_id === made.client_id);
    expect(after?.security).toEqual(app.security);
  });

  it('updates racing with one registration access token: the one answered 200 is the one written', async () => {
    const made = (await (
      await register((await initialToken(w.server, w.developer)).token, {
        client_name: 'Raced',
        redirect_uris: [REDIRECT_URI],
      })
    ).json()) as Registered;
    const current = (await (
      await manage(made.registration_client_uri, made.registration_access_token)
    ).json()) as Record<string, unknown>;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        manage(made.registration_client_uri, made.registration_access_token, 'PUT', {
          ...current,
          client_name: `Put ${i}`,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    const won = (await (answers.find((r) => r.status === 200) as Response).json()) as { client_name: string };
    const app = (await apps()).find((c) => c.client_id === made.client_id);
    expect(app?.name).toBe(won.client_name);
  });

  it('an app handed over and handed back: its registration access token stays ended', async () => {
    const heir = await createUser(w.server);
    const { username } = await giveProfile(w.server, heir);
    await giveProfile(w.server, w.developer);
    const made = (await (
      await register((await initialToken(w.server, w.developer)).token, {
        client_name: 'Handed',
        redirect_uris: [REDIRECT_URI],
      })
    ).json()) as Registered;
    const app = (await apps()).find((c) => c.client_id === made.client_id) as OAuthClient;
    expect(
      (await send(w.server, w.developer, 'POST', MEMBERS_API.members(app.id), { username })).status,
    ).toBe(201);
    expect(
      (await send(w.server, w.developer, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id })).status,
    ).toBe(200);
    expect((await send(w.server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    expect((await manage(made.registration_client_uri, made.registration_access_token)).status).toBe(401);
    expect(
      (await send(w.server, heir, 'POST', MEMBERS_API.transfer(app.id), { user_id: w.developer.id })).status,
    ).toBe(200);
    expect((await send(w.server, w.developer, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    expect((await manage(made.registration_client_uri, made.registration_access_token)).status).toBe(401);
    const path = REGISTRATION_TOKENS_API.appRegistration(app.id);
    expect(await (await send(w.server, w.developer, 'GET', path)).json()).toEqual({ registered_at: null });
  });

  // Last: it spends this address's allowance of refused tokens.
  it('an address past its refused tokens is still served a valid token; refused ones wait', async () => {
    const live = await initialToken(w.server, w.developer);
    const made = (await (
      await register(live.token, { client_name: 'Busy office', redirect_uris: [REDIRECT_URI] })
    ).json()) as Registered;
    let status = 0;
    for (let i = 0; i < 30 && status !== 429; i++)
      status = (await register('omnia_iat_guess', { client_name: 'G', redirect_uris: [REDIRECT_URI] }))
        .status;
    expect(status).toBe(429);
    expect((await register(live.token, { client_name: 'Still', redirect_uris: [REDIRECT_URI] })).status).toBe(
      201,
    );
    expect((await manage(made.registration_client_uri, made.registration_access_token)).status).toBe(200);
  });

  it('an update refused for its logout URI changes nothing of the app, and its token still works', async () => {
    const { token } = await initialToken(w.server, w.developer);
    const res = await register(token, {
      client_name: 'Before',
      redirect_uris: ['https://app.example.com/cb'],
      scope: 'openid profile email',
    });
    expect(res.status).toBe(201);
    const reg = (await res.json()) as Registered;
    const update = await manage(reg.registration_client_uri, reg.registration_access_token, 'PUT', {
      client_id: reg.client_id,
      client_name: 'After',
      redirect_uris: ['https://elsewhere.example.net/cb'],
      scope: 'openid profile',
      backchannel_logout_uri: 'https://10.0.0.5/logout',
    });
    expect(update.status).toBe(400);
    expect(await update.json()).toMatchObject({ error: 'invalid_client_metadata' });
    const app = (await apps()).find((c) => c.client_id === reg.client_id);
    expect(app).toMatchObject({
      name: 'Before',
      redirect_uris: ['https://app.example.com/cb'],
      allowed_scopes: ['profile', 'email'],
    });
    expect((await manage(reg.registration_client_uri, reg.registration_access_token)).status).toBe(200);
  });
});
