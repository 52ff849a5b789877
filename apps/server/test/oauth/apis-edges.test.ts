import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { MEMBERS_API } from '@omnia/contracts/members';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { approveAsListed } from '../admin/helpers';
import { giveProfile } from '../conformance/rp';
import { register, send, validClient } from '../developer/helpers';
import { initialToken, registerWith } from '../fapi/registration-support';
import { createUser, type TestUser } from '../support/users';
import {
  authorizeForApi,
  introspect,
  ORDERS,
  ordersApi,
  REDIRECT,
  service,
  serviceToken,
  useApiWorld,
} from './apis';

/*
 * Developers' APIs at their edges, as an outside review attacked them: an app pushed onto an
 * API's owner, an API that leaves with its owner's account, and odd input in a path.
 */
const world = useApiWorld();

describe("developers' APIs at their edges", () => {
  it("an app handed to the API's owner by another developer gets none of its scopes unasked", async () => {
    const { server, owner, stranger, api, strangerService } = world;
    const { username } = await giveProfile(server, owner);
    await giveProfile(server, stranger, 'Mallory Example');
    expect(
      (await send(server, stranger, 'POST', MEMBERS_API.members(strangerService.id), { username })).status,
    ).toBe(201);
    expect(
      (await send(server, stranger, 'POST', MEMBERS_API.transfer(strangerService.id), { user_id: owner.id }))
        .status,
    ).toBe(200);
    // Only an offer: the app is not the API owner's until they accept it (say they do).
    const offered = await send(server, owner, 'GET', MEMBERS_API.members(strangerService.id));
    expect(await offered.json()).toMatchObject({ you: 'member' });
    expect((await send(server, owner, 'POST', MEMBERS_API.acceptTransfer(strangerService.id))).status).toBe(
      200,
    );
    // Its former owner, a member now, still holds its secret: the API must not trust the app for
    // being its owner's.
    expect(
      await serviceToken(server, stranger, strangerService, { resource: ORDERS, scope: 'orders:read' }),
    ).toMatchObject({ error: 'invalid_target' });
    // The API's owner may list it, like any app they did not register themselves.
    const listed = await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
      client_id: strangerService.client_id,
      scopes: ['orders:read'],
    });
    expect(listed.status).toBe(200);
    const tokens = await serviceToken(server, stranger, strangerService, {
      resource: ORDERS,
      scope: 'orders:read orders:write',
    });
    if ('error' in tokens) throw new Error(String(tokens.error));
    expect(decodeJwt(tokens.access_token).scope).toBe('orders:read');
  });

  it("the API owner's own app handed away and back is no longer trusted with every scope", async () => {
    const { server, owner, stranger } = world;
    await giveProfile(server, owner);
    const { username } = await giveProfile(server, stranger, 'Mallory Example');
    const mine = await register(server, owner, service('Round trip worker'));
    const token = (by: TestUser) =>
      serviceToken(server, by, mine, { resource: ORDERS, scope: 'orders:read' });
    const granted = await token(owner);
    if ('error' in granted) throw new Error(String(granted.error));
    expect((await send(server, owner, 'POST', MEMBERS_API.members(mine.id), { username })).status).toBe(201);
    expect(
      (await send(server, owner, 'POST', MEMBERS_API.transfer(mine.id), { user_id: stranger.id })).status,
    ).toBe(200);
    expect((await send(server, stranger, 'POST', MEMBERS_API.acceptTransfer(mine.id))).status).toBe(200);
    expect(await token(stranger)).toMatchObject({ error: 'invalid_target' });
    // Handed back: Mallory, a member now, still knows its secret.
    expect(
      (await send(server, stranger, 'POST', MEMBERS_API.transfer(mine.id), { user_id: owner.id })).status,
    ).toBe(200);
    expect((await send(server, owner, 'POST', MEMBERS_API.acceptTransfer(mine.id))).status).toBe(200);
    expect(await token(stranger)).toMatchObject({ error: 'invalid_target' });
    // Listed like anyone's app, it gets what it is listed for.
    expect(
      (
        await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(world.api.api.id), {
          client_id: mine.client_id,
          scopes: ['orders:read'],
        })
      ).status,
    ).toBe(200);
    expect(await token(stranger)).toHaveProperty('access_token');
  });

  it("the access list names another developer's app only once it is published", async () => {
    const { server, owner, api } = world;
    const third = await createUser(server);
    const inTheMaking = await register(server, third, service('Secret Project Zeus'));
    const allow = async () => {
      const res = await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
        client_id: inTheMaking.client_id,
        scopes: ['orders:read'],
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        api: { access: { client_id: string; app_name: string | null }[] };
      };
      return body.api.access.find((a) => a.client_id === inTheMaking.client_id)?.app_name;
    };
    expect(await allow()).toBeNull();
    expect((await approveAsListed(server, inTheMaking.client_id)).status).toBe(200);
    expect(await allow()).toBe('Secret Project Zeus');
  });

  it("the API owner's own app is no longer trusted with every scope once it has a member", async () => {
    const { server, owner, stranger } = world;
    await giveProfile(server, owner);
    const { username } = await giveProfile(server, stranger, 'Mallory Example');
    const mine = await register(server, owner, service('Shared worker'));
    const token = (by: TestUser) =>
      serviceToken(server, by, mine, { resource: ORDERS, scope: 'orders:read' });
    expect(await token(owner)).toHaveProperty('access_token');
    expect((await send(server, owner, 'POST', MEMBERS_API.members(mine.id), { username })).status).toBe(201);
    // Mallory reads its secret as a member, and keeps it after she is removed.
    expect(await token(stranger)).toMatchObject({ error: 'invalid_target' });
    expect((await send(server, owner, 'DELETE', MEMBERS_API.member(mine.id, stranger.id))).status).toBe(204);
    expect(await token(owner)).toMatchObject({ error: 'invalid_target' });
  });

  it("an app a tool registered with the owner's initial access token gets no scope unlisted", async () => {
    const { server, owner, api } = world;
    // The tool (a CI pipeline, or whoever the token leaked to) got the secret, not the developer.
    const { token } = await initialToken(server, owner);
    const registered = await registerWith(server, token, {
      client_name: 'Batch job',
      grant_types: ['client_credentials'],
    });
    expect(registered.status).toBe(201);
    const { client_id, client_secret } = (await registered.json()) as Record<string, string>;
    const tokenFor = async (scope: string) =>
      (
        await server.fetch('/oauth2/token', {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${client_id}:${client_secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ grant_type: 'client_credentials', resource: ORDERS, scope }).toString(),
        })
      ).json();
    expect(await tokenFor('orders:read')).toMatchObject({ error: 'invalid_target' });
    // Its developer may list it on their API like anyone's app, with the scopes they pick.
    const listed = await send(server, owner, 'PUT', DEVELOPER_APIS_API.access(api.api.id), {
      client_id,
      scopes: ['orders:read'],
    });
    expect(listed.status).toBe(200);
    expect(await tokenFor('orders:read')).toHaveProperty('access_token');
    expect(await tokenFor('orders:read orders:write')).toMatchObject({ scope: 'orders:read' });
  });

  it('an API deleted with its owner’s account takes people’s consents with it', async () => {
    const { server } = world;
    const LEDGER = 'https://ledger.example.test/api';
    const ledger = (user: TestUser) =>
      send(server, user, 'POST', DEVELOPER_APIS_API.apis, ordersApi({ name: 'Ledger', identifier: LEDGER }));
    const leaving = await createUser(server);
    const created = await ledger(leaving);
    expect(created.status).toBe(201);
    const first = (await created.json()) as ApiCreatedResponse;
    const person = await createUser(server);
    const shop = await register(
      server,
      person,
      validClient({ name: 'Ledger shop', redirect_uris: [REDIRECT] }),
    );
    const allow = (user: TestUser, id: string) =>
      send(server, user, 'PUT', DEVELOPER_APIS_API.access(id), {
        client_id: shop.client_id,
        scopes: ['orders:read'],
      });
    expect((await allow(leaving, first.api.id)).status).toBe(200);
    const { config, tokens } = await authorizeForApi(server, person, shop, {
      scope: 'openid orders:read',
      resource: LEDGER,
    });
    expect(decodeJwt(tokens.access_token).scope).toBe('orders:read');

    const gone = await server.fetch('/api/me/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...leaving.authHeader },
      body: JSON.stringify({ email: leaving.email, password: leaving.password }),
    });
    expect(gone.status).toBe(204);
    // Someone else registers the address and lists the same app: the person was never asked.
    const heir = await createUser(server);
    const again = (await (await ledger(heir)).json()) as ApiCreatedResponse;
    expect((await allow(heir, again.api.id)).status).toBe(200);
    const refreshed = await oidc
      .refreshTokenGrant(config, tokens.refresh_token ?? '', { resource: LEDGER })
      .then(
        (t) => decodeJwt(t.access_token).scope,
        (err: oidc.ResponseBodyError) => err.error,
      );
    // A token for the new API carries none of its scopes: the person consented to none of them.
    expect(refreshed).toBeUndefined();
  });

  it('a consent given under another spelling of the identifier is the same consent', async () => {
    const { server, owner, api } = world;
    // The host in capitals: the same API (the URL standard lowers it), as the app may write it.
    const SHOUTED = 'https://ORDERS.example.test/api';
    const web = await register(server, owner, validClient({ name: 'Loud shop', redirect_uris: [REDIRECT] }));
    const { config, tokens } = await authorizeForApi(server, owner, web, {
      scope: 'openid orders:read orders:write',
      resource: SHOUTED,
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: ORDERS, scope: 'orders:read orders:write' });
    // The API's introspection finds the person's consent.
    const seenByApi = await introspect(
      server,
      tokens.access_token,
      api.api.credential_id,
      api.credential_secret,
    );
    expect(await seenByApi.json()).toMatchObject({ active: true, scope: 'orders:read orders:write' });
    // A scope taken away and given back under new words is asked for again, whatever the spelling.
    const [read] = ordersApi().scopes;
    const patch = (scopes: object[]) =>
      send(server, owner, 'PATCH', DEVELOPER_APIS_API.api(api.api.id), { name: 'Orders API', scopes });
    expect((await patch([read as object])).status).toBe(200);
    expect(
      (await patch([read as object, { name: 'orders:write', description: 'Delete all your orders' }])).status,
    ).toBe(200);
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token ?? '', { resource: SHOUTED });
    expect(decodeJwt(refreshed.access_token).scope).toBe('orders:read');
  });

  it('a reused or revoked refresh token ends the API tokens of its grant at once, not when they expire', async () => {
    const { server, owner, api } = world;
    const web = await register(
      server,
      owner,
      validClient({ name: 'Revoked Shop', redirect_uris: [REDIRECT] }),
    );
    const live = async (token: string) =>
      (
        (await (await introspect(server, token, api.api.credential_id, api.credential_secret)).json()) as {
          active: boolean;
        }
      ).active;
    const request = { scope: 'openid orders:read', resource: ORDERS };

    // A refresh token presented again after its successor was used: the family is revoked.
    const first = await authorizeForApi(server, owner, web, request);
    const second = await oidc.refreshTokenGrant(first.config, first.tokens.refresh_token ?? '', {
      resource: ORDERS,
    });
    const third = await oidc.refreshTokenGrant(first.config, second.refresh_token ?? '', {
      resource: ORDERS,
    });
    for (const t of [first.tokens, second, third]) expect(await live(t.access_token)).toBe(true);
    await expect(
      oidc.refreshTokenGrant(first.config, first.tokens.refresh_token ?? '', { resource: ORDERS }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const t of [first.tokens, second, third]) expect(await live(t.access_token)).toBe(false);

    // The API's token alone cannot be revoked (the engine keeps no JWT), and the app is told so.
    const other = await authorizeForApi(server, owner, web, request);
    await expect(
      oidc.tokenRevocation(other.config, other.tokens.access_token, { token_type_hint: 'access_token' }),
    ).rejects.toMatchObject({ error: 'unsupported_token_type' });
    expect(await live(other.tokens.access_token)).toBe(true);
    // The app revokes its refresh token (RFC 7009): that grant's API tokens end with it.
    await oidc.tokenRevocation(other.config, other.tokens.refresh_token ?? '', {
      token_type_hint: 'refresh_token',
    });
    expect(await live(other.tokens.access_token)).toBe(false);
  });

  it('a path with a NUL is a missing resource, never a server error', async () => {
    const { server, owner, api } = world;
    const res = await send(server, owner, 'DELETE', `${DEVELOPER_APIS_API.access(api.api.id)}/a%00b`);
    expect(res.status).toBe(404);
  });
});
