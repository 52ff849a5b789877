import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { WEBHOOKS_API, type WebhookResponse } from '@omnia/contracts/webhooks';
import { describe, expect, it } from 'vitest';
import { approvedApp, register, send, validClient } from '../developer/helpers';
import { initialToken, manage, type Registered, registerWith } from '../fapi/registration-support';
import { ordersApi, service } from '../oauth/apis';
import { authorizeAs, REDIRECT_URI, redeemCode } from '../oauth/flow';
import { createUser, secondSessionOf, type TestUser } from '../support/users';
import { TEN_DAYS_AGO, useCancelLinkWorld } from './cancel-link-support';

/*
 * Whoever held the account before the owner's cancel link may have left ways into its apps and
 * APIs behind: an allowance for their own app on the owner's API, an app registered in the owner's
 * name (which the owner's APIs trust as the owner's own), a secret they were shown, a tool's
 * registration. The cancel link ends what was made in its window; what is older stays.
 */
const { world, db, serviceToken, secretOf, takenThenCancelled } = useCancelLinkWorld();

/** The API's owner lets another app ask for `orders:read`. */
async function allowOn(owner: TestUser, api: ApiCreatedResponse, app: OAuthClient) {
  const res = await send(world.server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
    client_id: app.client_id,
    scopes: ['orders:read'],
  });
  expect(res.status).toBe(200);
}

describe('the cancel link and the account’s apps and APIs', () => {
  it('ends the allowances its APIs gave in the window, the trust in apps registered then and the secrets shown then', async () => {
    const { server } = world;
    const victim = await createUser(server);
    const created = await send(server, victim, 'POST', DEVELOPER_APIS_API.apis, ordersApi());
    expect(created.status).toBe(201);
    const api = (await created.json()) as ApiCreatedResponse;
    // The owner's own partner, allowed long ago, keeps its allowance.
    const partner = await createUser(server);
    const partnerApp = await register(server, partner, service('Partner worker'));
    const partnerSecret = await secretOf(partner, partnerApp);
    await allowOn(victim, api, partnerApp);
    await db().updateTable('oauth2_api_access').set({ created_at: TEN_DAYS_AGO }).execute();

    // The intruder, in a session of their own on the victim's account: their own app is allowed,
    // a service is registered in the victim's name and its secret read.
    const intruder = await createUser(server);
    const intruderApp = await register(server, intruder, service('Intruder worker'));
    const intruderSecret = await secretOf(intruder, intruderApp);
    const inVictim = await secondSessionOf(server, victim);
    await allowOn(inVictim, api, intruderApp);
    const planted = await register(server, inVictim, service('Planted worker'));
    const plantedSecret = await secretOf(inVictim, planted);
    expect(await serviceToken(intruderApp.client_id, intruderSecret)).toBe('orders:read');
    expect(await serviceToken(planted.client_id, plantedSecret)).toBe('orders:read');

    const owner = await takenThenCancelled(victim, inVictim);

    expect(await serviceToken(intruderApp.client_id, intruderSecret)).toBe('invalid_target');
    // The secret the intruder read no longer works...
    expect(await serviceToken(planted.client_id, plantedSecret)).toBe('invalid_client');
    // ...and with its new one the app is not the owner's own any more: it needs an allowance.
    const fresh = await secondSessionOf(server, owner);
    expect(await serviceToken(planted.client_id, await secretOf(fresh, planted))).toBe('invalid_target');
    // What the owner allowed before the window stays.
    expect(await serviceToken(partnerApp.client_id, partnerSecret)).toBe('orders:read');
  });

  it('ends the registration access tokens of apps registered in the window; an older tool keeps its own', async () => {
    const { server } = world;
    const victim = await createUser(server);
    const { token: ownersToken } = await initialToken(server, victim);
    const before = (await (
      await registerWith(server, ownersToken, {
        client_name: 'Pipeline app',
        redirect_uris: ['https://a.example/cb'],
      })
    ).json()) as Registered;
    await db()
      .updateTable('client_registrations')
      .set({ created_at: TEN_DAYS_AGO })
      .where('client_id', '=', before.client_id)
      .execute();

    const inVictim = await secondSessionOf(server, victim);
    const { token } = await initialToken(server, inVictim);
    const res = await registerWith(server, token, {
      client_name: 'Looks legit',
      redirect_uris: ['https://a.example/cb'],
    });
    expect(res.status).toBe(201);
    const planted = (await res.json()) as Registered;

    await takenThenCancelled(victim, inVictim);

    expect((await manage(planted.registration_client_uri, planted.registration_access_token)).status).toBe(
      401,
    );
    expect((await manage(before.registration_client_uri, before.registration_access_token)).status).toBe(200);
  });

  it('tells an app whose engine session of the person had already ended (back-channel logout, `sub` alone)', async () => {
    const { server } = world;
    const developer = await createUser(server);
    const { app, client } = await approvedApp(
      server,
      developer,
      validClient({ redirect_uris: [REDIRECT_URI] }),
    );
    const settings = await send(server, developer, 'PATCH', DEVELOPER_API.settings(app.id), {
      backchannel_logout_uri: 'http://127.0.0.1:9/logout',
    });
    expect(settings.status).toBe(200);
    const victim = await createUser(server);
    const { back, verifier } = await authorizeAs(server, client, victim);
    expect((await redeemCode(server, client, back, verifier)).status).toBe(200);
    // The engine session ran out; the app's own session of the person lives on.
    await db()
      .deleteFrom('oidc_models')
      .where('model', '=', 'Session')
      .where('account_id', '=', victim.id)
      .execute();

    await takenThenCancelled(victim, await secondSessionOf(server, victim));

    const logouts = await db()
      .selectFrom('oauth_logout_deliveries')
      .select(['client_id', 'sid', 'reason'])
      .where('sub', '=', victim.id)
      .execute();
    expect(logouts).toEqual([{ client_id: app.client_id, sid: null, reason: 'app_revoked' }]);
  });

  it('puts back where an app sends people and logout tokens, as it was before the window', async () => {
    const { server } = world;
    const victim = await createUser(server);
    const original = 'https://notes.acme.example/callback';
    // An app in testing mode (its changes apply at once) and an approved one.
    const testing = await register(server, victim, validClient({ name: 'Testing notes' }));
    const { app: live } = await approvedApp(server, victim, validClient({ name: 'Live notes' }));
    const owned = await send(server, victim, 'PATCH', DEVELOPER_API.settings(live.id), {
      backchannel_logout_uri: 'https://notes.acme.example/logout',
    });
    expect(owned.status).toBe(200);
    await db()
      .updateTable('oauth2_client_changes')
      .set({ created_at: TEN_DAYS_AGO })
      .where('client_id', 'in', [testing.client_id, live.client_id])
      .execute();

    // The intruder adds a redirect URI of their own (a public app's code is theirs with PKCE) and
    // points the approved app's logout tokens (who signed out, and where) at their server.
    const inVictim = await secondSessionOf(server, victim);
    const edited = await send(server, inVictim, 'PATCH', DEVELOPER_API.client(testing.id), {
      name: 'Testing notes',
      description: 'Takes notes',
      logo_url: null,
      redirect_uris: [original, 'https://intruder.example/cb'],
      allowed_scopes: ['profile', 'email'],
    });
    expect(edited.status).toBe(200);
    const settings = await send(server, inVictim, 'PATCH', DEVELOPER_API.settings(live.id), {
      backchannel_logout_uri: 'https://intruder.example/logout',
      post_logout_redirect_uris: ['https://notes.acme.example/bye'],
    });
    expect(settings.status).toBe(200);

    await takenThenCancelled(victim, inVictim);
    const row = (clientId: string) =>
      db()
        .selectFrom('oauth2_clients')
        .select(['redirect_uris', 'backchannel_logout_uri', 'post_logout_redirect_uris'])
        .where('client_id', '=', clientId)
        .executeTakeFirstOrThrow();
    expect((await row(testing.client_id)).redirect_uris).toEqual([original]);
    expect(await row(live.client_id)).toEqual({
      redirect_uris: [original],
      backchannel_logout_uri: 'https://notes.acme.example/logout',
      post_logout_redirect_uris: [],
    });
  });

  it('removes a webhook set or changed in the window, with its secret; an older one stays', async () => {
    const { server } = world;
    const victim = await createUser(server);
    const hook = (app: OAuthClient, user: TestUser, url: string) =>
      send(server, user, 'PUT', WEBHOOKS_API.webhook(app.id), { url, events: ['user.updated'] });
    const kept = await register(server, victim, validClient({ name: 'Kept hooks' }));
    const redirected = await register(server, victim, validClient({ name: 'Redirected hooks' }));
    for (const app of [kept, redirected])
      expect((await hook(app, victim, 'https://hooks.owner.example/omnia')).status).toBe(200);
    await db()
      .updateTable('oauth2_client_changes')
      .set({ created_at: TEN_DAYS_AGO })
      .where('client_id', 'in', [kept.client_id, redirected.client_id])
      .execute();

    // The intruder sends one app's events to their own server, signed with a secret they read.
    const inVictim = await secondSessionOf(server, victim);
    expect((await hook(redirected, inVictim, 'https://hooks.intruder.example/omnia')).status).toBe(200);
    expect((await send(server, inVictim, 'POST', WEBHOOKS_API.rotateSecret(redirected.id))).status).toBe(200);

    const owner = await takenThenCancelled(victim, inVictim);
    const fresh = await secondSessionOf(server, owner);
    const webhookOf = async (app: OAuthClient) =>
      ((await (await send(server, fresh, 'GET', WEBHOOKS_API.webhook(app.id))).json()) as WebhookResponse)
        .webhook;
    expect((await webhookOf(kept))?.url).toBe('https://hooks.owner.example/omnia');
    expect(await webhookOf(redirected)).toBeNull();
  });
});
