import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { approvedApp, deleteAccount, register, send } from '../developer/helpers';
import { clientAssertion, clientKeys, setSecurity } from '../fapi/fixture';
import { initialToken, type Registered, registerWith } from '../fapi/registration-support';
import { ordersApi, service } from '../oauth/apis';
import { createUser, secondSessionOf, type TestUser } from '../support/users';
import { TEN_DAYS_AGO, useCancelLinkWorld } from './cancel-link-support';

/*
 * The cancel link, for the ways into the account's apps that went through other accounts or
 * outlasted the account's own actions: a secret read by a member the intruder added, or by the
 * account an app was handed to, or given to a tool; a key set on an older app; a change waiting
 * for the operator's review. Each is undone for the apps the account holds once it is back.
 */
const { world, db, serviceToken, secretOf, takenThenCancelled } = useCancelLinkWorld();
let apiNo = 0;

const person = async () => {
  const user = await createUser(world.server);
  const { username } = await giveProfile(world.server, user);
  return { ...user, username };
};

/** A partner's API that allowed `app` long before the window; its identifier. */
async function partnerApiAllowing(app: OAuthClient) {
  const partner = await createUser(world.server);
  const identifier = `https://partner${++apiNo}.example.test/api`;
  const created = await send(
    world.server,
    partner,
    'POST',
    DEVELOPER_APIS_API.apis,
    ordersApi({ identifier }),
  );
  const api = (await created.json()) as ApiCreatedResponse;
  const allowed = await send(world.server, partner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
    client_id: app.client_id,
    scopes: ['orders:read'],
  });
  expect(allowed.status).toBe(200);
  await db().updateTable('oauth2_api_access').set({ created_at: TEN_DAYS_AGO }).execute();
  return identifier;
}

/** The victim's service, registered long ago and allowed on a partner's API. */
async function olderService(victim: TestUser) {
  const app = await register(world.server, victim, service(`Worker ${++apiNo}`));
  await db()
    .updateTable('oauth2_clients')
    .set({ created_at: TEN_DAYS_AGO })
    .where('id', '=', app.id)
    .execute();
  return { app, resource: await partnerApiAllowing(app) };
}

const addMember = async (by: TestUser, app: OAuthClient, member: { username: string }) =>
  expect(
    (await send(world.server, by, 'POST', MEMBERS_API.members(app.id), { username: member.username })).status,
  ).toBe(201);

describe('the cancel link and secrets read through another account', () => {
  it.each([
    ['still there', false],
    ['since deleted, and its activity with it', true],
  ])(
    'replaces a secret a member it added in the window read in their own account (%s)',
    async (_, deleted) => {
      const victim = await person();
      const { app, resource } = await olderService(victim);
      const intruder = await person();
      const inVictim = await secondSessionOf(world.server, victim);
      await addMember(inVictim, app, intruder);
      const kept = await secretOf(intruder, app);
      expect(await serviceToken(app.client_id, kept, resource)).toBe('orders:read');
      if (deleted) expect((await deleteAccount(world.server, intruder)).status).toBe(204);

      await takenThenCancelled(victim, inVictim);

      expect(await serviceToken(app.client_id, kept, resource)).toBe('invalid_client');
    },
  );

  it('replaces a secret read by the account an app was handed to, once the app is back', async () => {
    const victim = await person();
    const { app, resource } = await olderService(victim);
    const intruder = await person();
    const inVictim = await secondSessionOf(world.server, victim);
    await addMember(inVictim, app, intruder);
    expect(
      (await send(world.server, inVictim, 'POST', MEMBERS_API.transfer(app.id), { user_id: intruder.id }))
        .status,
    ).toBe(200);
    expect((await send(world.server, intruder, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    const kept = await secretOf(intruder, app);

    await takenThenCancelled(victim, inVictim);

    // The app is the owner's again, and the secret read meanwhile no longer works.
    const row = await db()
      .selectFrom('oauth2_clients')
      .select('user_id')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(victim.id);
    expect(await serviceToken(app.client_id, kept, resource)).toBe('invalid_client');
  });

  it('replaces the secret a tool got when it registered an app in the window', async () => {
    const victim = await person();
    const inVictim = await secondSessionOf(world.server, victim);
    const { token } = await initialToken(world.server, inVictim);
    const res = await registerWith(world.server, token, {
      client_name: 'Looks legit',
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect(res.status).toBe(201);
    const planted = (await res.json()) as Registered & { client_secret: string };
    const resource = await partnerApiAllowing({ client_id: planted.client_id } as OAuthClient);
    expect(await serviceToken(planted.client_id, planted.client_secret, resource)).toBe('orders:read');

    await takenThenCancelled(victim, inVictim);

    expect(await serviceToken(planted.client_id, planted.client_secret, resource)).toBe('invalid_client');
  });
});

describe('the cancel link and what waits or trusts', () => {
  it('an older app given a key of the intruder’s in the window is no longer trusted by the account’s APIs', async () => {
    const victim = await person();
    const identifier = `https://own${++apiNo}.example.test/api`;
    expect(
      (await send(world.server, victim, 'POST', DEVELOPER_APIS_API.apis, ordersApi({ identifier }))).status,
    ).toBe(201);
    const app = await register(world.server, victim, service('Owner worker'));
    await db()
      .updateTable('oauth2_clients')
      .set({ created_at: TEN_DAYS_AGO })
      .where('id', '=', app.id)
      .execute();
    const inVictim = await secondSessionOf(world.server, victim);
    const keys = await clientKeys();
    await setSecurity(
      world.server,
      inVictim,
      { clientId: app.client_id },
      { auth_method: 'private_key_jwt', jwks: keys.jwks },
    );
    const withKey = async () => {
      const res = await world.server.fetch('/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          resource: identifier,
          scope: 'orders:read',
          client_id: app.client_id,
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: await clientAssertion(
            { clientId: app.client_id },
            keys,
            world.server.config.publicUrl,
          ),
        }),
      });
      const body = (await res.json()) as { scope?: string; error?: string };
      return body.scope ?? body.error;
    };
    expect(await withKey()).toBe('orders:read');

    await takenThenCancelled(victim, inVictim);

    expect(await withKey()).toBe('invalid_target');
  });

  it('changes asked for in the window stop waiting for review, the handed-over app’s too', async () => {
    const victim = await person();
    const { app } = await approvedApp(world.server, victim);
    const { app: handed } = await approvedApp(world.server, victim);
    const intruder = await person();
    const inVictim = await secondSessionOf(world.server, victim);
    const addRedirect = (by: TestUser, target: OAuthClient) =>
      send(world.server, by, 'PATCH', DEVELOPER_API.client(target.id), {
        name: target.name,
        description: target.description,
        logo_url: target.logo_url,
        allowed_scopes: target.allowed_scopes,
        redirect_uris: [...target.redirect_uris, 'https://attacker.example/harvest'],
      });
    expect((await addRedirect(inVictim, app)).status).toBe(200);
    await addMember(inVictim, handed, intruder);
    expect(
      (await send(world.server, inVictim, 'POST', MEMBERS_API.transfer(handed.id), { user_id: intruder.id }))
        .status,
    ).toBe(200);
    expect((await send(world.server, intruder, 'POST', MEMBERS_API.acceptTransfer(handed.id))).status).toBe(
      200,
    );
    expect((await addRedirect(intruder, handed)).status).toBe(200);

    const owner = await takenThenCancelled(victim, inVictim);

    const fresh = await secondSessionOf(world.server, owner);
    for (const target of [app, handed]) {
      const seen = await send(world.server, fresh, 'GET', DEVELOPER_API.client(target.id));
      expect(((await seen.json()) as { client: OAuthClient }).client.pending_change).toBeNull();
    }
  });
});
