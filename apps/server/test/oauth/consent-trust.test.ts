import { type ConsentDetails, DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKeyOf, approveAsListed } from '../admin/helpers';
import { errorOf, send } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import { authorizeUrl, CookieJar, pkce, startAuthorization, type TestClient } from './flow';

/** What the consent screen tells people about the app asking: who publishes it and where it leads. */
let server: TestServer;
let owner: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  await server.deps.dbHandle.db
    .insertInto('profiles')
    .values({ id: owner.id, full_name: 'Ada Lovelace' })
    .execute();
}, 60_000);
afterAll(() => server?.close());

const LINKS = {
  homepage_url: 'https://photos.example',
  privacy_url: 'https://photos.example/privacy#data',
  terms_url: 'https://photos.example/terms',
};

async function register(links: Partial<Record<keyof typeof LINKS, string>>) {
  const res = await send(server, owner, 'POST', DEVELOPER_API.clients, {
    name: 'Photos',
    redirect_uris: ['https://photos.example/callback'],
    allowed_scopes: ['profile'],
    ...links,
  });
  return res;
}

async function registered(links: Partial<Record<keyof typeof LINKS, string>>): Promise<OAuthClient> {
  const res = await register(links);
  expect(res.status).toBe(201);
  return ((await res.json()) as { client: OAuthClient }).client;
}

const approve = (clientId: string) => approveAsListed(server, clientId);

/** The consent screen's details, for `who` signed in (or nobody). */
async function detailsOf(app: OAuthClient, who?: TestUser): Promise<ConsentDetails> {
  const client: TestClient = { clientId: app.client_id, clientSecret: '', ownerId: owner.id };
  const jar = who ? CookieJar.of(who) : new CookieJar();
  const url = authorizeUrl(client, {
    challenge: pkce().challenge,
    scope: 'openid profile',
    redirectUri: 'https://photos.example/callback',
  });
  const uid = await startAuthorization(server, jar, url);
  const res = await jar.fetch(server, `/oauth2/consent/${uid}/details`, {
    headers: who ? who.authHeader : {},
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentDetails;
}

describe('registration collects the links people judge an app by', () => {
  it('stores them; an address that is not https is refused under its field', async () => {
    const app = await registered(LINKS);
    expect(app).toMatchObject(LINKS);
    const bad = await register({ ...LINKS, privacy_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).fields).toEqual({ privacy_url: MESSAGES.appLinkInvalid });
    for (const value of ['http://photos.example', 'https://user:pw@photos.example', 'photos.example']) {
      expect((await register({ homepage_url: value })).status).toBe(400);
    }
  });

  it('an app without them stays in testing mode: the operator cannot approve it', async () => {
    const app = await registered({ homepage_url: LINKS.homepage_url });
    expect(app).toMatchObject({ privacy_url: null, terms_url: null, status: 'pending' });
    const refused = await approve(app.client_id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('client_links_missing');
  });
});

describe('the consent screen', () => {
  it('names the publisher, the links, the return host, and says an approved app is verified', async () => {
    const app = await registered(LINKS);
    expect((await approve(app.client_id)).status).toBe(200);
    const someone = await createUser(server);
    const details = await detailsOf(app, someone);
    expect(details.client).toMatchObject({
      name: 'Photos',
      publisher: 'Ada Lovelace',
      verified: true,
      ...LINKS,
    });
    expect(details.redirect_host).toBe('photos.example');
    // Before anyone signs in, the same facts show.
    expect((await detailsOf(app)).client).toMatchObject({ publisher: 'Ada Lovelace', verified: true });
  });

  it('tells the owner their own app in testing mode is unverified', async () => {
    const app = await registered({});
    const details = await detailsOf(app, owner);
    expect(details.client).toMatchObject({
      verified: false,
      homepage_url: null,
      privacy_url: null,
      terms_url: null,
    });
  });

  it('an approved app’s new link waits for review; a removal cannot be approved', async () => {
    const app = await registered(LINKS);
    expect((await approve(app.client_id)).status).toBe(200);
    const res = await send(server, owner, 'PATCH', DEVELOPER_API.client(app.id), {
      name: 'Photos',
      redirect_uris: ['https://photos.example/callback'],
      allowed_scopes: ['profile'],
      homepage_url: 'https://elsewhere.example',
      terms_url: '',
    });
    expect(res.status).toBe(200);
    const changed = ((await res.json()) as { client: OAuthClient }).client;
    expect(changed.homepage_url).toBe(LINKS.homepage_url);
    expect(changed.pending_change).toMatchObject({
      homepage_url: 'https://elsewhere.example',
      terms_url: null,
    });
    expect((await detailsOf(app, await createUser(server))).client.homepage_url).toBe(LINKS.homepage_url);

    const admin = { authorization: `Bearer ${adminKeyOf(server)}` };
    const list = (await (await server.fetch('/api/admin/clients', { headers: admin })).json()) as {
      clients: { client_id: string; pending_change: { id: string; links?: object } | null }[];
    };
    const waiting = list.clients.find((c) => c.client_id === app.client_id)?.pending_change;
    expect(waiting?.links).toEqual({ homepage_url: 'https://elsewhere.example', terms_url: null });
    const refused = await server.fetch(`/api/admin/changes/${waiting?.id}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(refused.status).toBe(409);
    const row = await server.deps.dbHandle.db
      .selectFrom('oauth2_clients')
      .select(['homepage_url', 'terms_url'])
      .where('client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ homepage_url: LINKS.homepage_url, terms_url: LINKS.terms_url });

    // An edit that leaves the links out keeps what waits; asking for the reviewed ones withdraws it.
    const kept = await send(server, owner, 'PATCH', DEVELOPER_API.client(app.id), {
      name: 'Photos',
      redirect_uris: ['https://photos.example/callback'],
      allowed_scopes: ['profile'],
    });
    expect(((await kept.json()) as { client: OAuthClient }).client.pending_change).toMatchObject({
      homepage_url: 'https://elsewhere.example',
    });
    const withdrawn = await send(server, owner, 'PATCH', DEVELOPER_API.client(app.id), {
      name: 'Photos',
      redirect_uris: ['https://photos.example/callback'],
      allowed_scopes: ['profile'],
      ...LINKS,
    });
    expect(((await withdrawn.json()) as { client: OAuthClient }).client.pending_change).toBeNull();
  });
});
