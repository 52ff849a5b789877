import { type ConsentDetails, DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { MESSAGES } from '@omnia/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClient } from '../../src/modules/admin';
import { adminKeyOf, approveAsListed, runAdminCli } from '../admin/helpers';
import { giveProfile } from '../conformance/rp';
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

  it('an approved app’s new description waits for review, as its name does; taking it away does not', async () => {
    const app = await registered({ ...LINKS, description: 'Your photos, organised.' } as typeof LINKS);
    expect((await approve(app.client_id)).status).toBe(200);
    const edit = (description: string | null) =>
      send(server, owner, 'PATCH', DEVELOPER_API.client(app.id), {
        name: 'Photos',
        description,
        redirect_uris: ['https://photos.example/callback'],
        allowed_scopes: ['profile'],
      });
    // Benign words first, the claim past what a glance at a long line takes in.
    const spoof = `${'Prints your photos. '.repeat(40)}Official Omnia account-protection check.`;
    const res = await edit(spoof);
    expect(res.status).toBe(200);
    const changed = ((await res.json()) as { client: OAuthClient }).client;
    expect(changed.description).toBe('Your photos, organised.');
    expect(changed.pending_change).toMatchObject({ description: spoof });
    const someone = await createUser(server);
    expect((await detailsOf(app, someone)).client.description).toBe('Your photos, organised.');

    // The operator sees the words before they reach anyone, and approves them knowingly.
    const admin = { authorization: `Bearer ${adminKeyOf(server)}` };
    const list = (await (await server.fetch('/api/admin/clients', { headers: admin })).json()) as {
      clients: { client_id: string; pending_change: { id: string; description?: object } | null }[];
    };
    const waiting = list.clients.find((c) => c.client_id === app.client_id)?.pending_change;
    expect(waiting?.description).toEqual({ from: 'Your photos, organised.', to: spoof });
    const cli = await runAdminCli(['clients', 'list'], {
      PORT: String(server.config.port),
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: server.config.database.url ?? '',
    });
    expect(cli.stdout).toContain(`description: Your photos, organised. -> ${spoof}`);
    const approved = await server.fetch(`/api/admin/changes/${waiting?.id}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(approved.status).toBe(200);
    expect((await detailsOf(app, someone)).client.description).toBe(spoof);

    // Taking it away puts no new words before anyone: at once.
    const removed = ((await (await edit(null)).json()) as { client: OAuthClient }).client;
    expect(removed).toMatchObject({ description: null, pending_change: null });
    expect((await detailsOf(app, someone)).client.description).toBeNull();
  });

  it('says “Published by” with the owner’s name as the operator approved it, never as typed since', async () => {
    const grace = await createUser(server);
    await giveProfile(server, grace, 'Grace Hopper');
    const admin = { authorization: `Bearer ${adminKeyOf(server)}` };
    const listed = async (clientId: string) => {
      const res = await server.fetch('/api/admin/clients', { headers: admin });
      const { clients } = (await res.json()) as { clients: AdminClient[] };
      const found = clients.find((c) => c.client_id === clientId);
      if (!found) throw new Error('not listed');
      return found;
    };
    const res = await send(server, grace, 'POST', DEVELOPER_API.clients, {
      name: 'Compiler',
      redirect_uris: ['https://photos.example/callback'],
      allowed_scopes: ['profile'],
      ...LINKS,
    });
    const app = ((await res.json()) as { client: OAuthClient }).client;
    // The operator sees who would publish it; a name changed after they looked is not approved.
    const approveAcrossARename = async (name: string) => {
      const seen = await listed(app.client_id);
      expect(seen.review?.publisher).toBe(name);
      await giveProfile(server, grace, 'Omnia');
      const stale = await server.fetch(
        `/api/admin/clients/${app.client_id}/approve?version=${seen.review?.version}`,
        { method: 'POST', headers: admin },
      );
      expect(stale.status).toBe(409);
      await giveProfile(server, grace, name);
      expect((await approve(app.client_id)).status).toBe(200);
    };
    await approveAcrossARename('Grace Hopper');
    const someone = await createUser(server);
    expect((await detailsOf(app, someone)).client.publisher).toBe('Grace Hopper');

    // Calling oneself 'Omnia' afterwards changes nothing people see: the operator is shown the
    // name, and only approving the app again, by its version, would publish it.
    await giveProfile(server, grace, 'Omnia');
    expect((await detailsOf(app, someone)).client.publisher).toBe('Grace Hopper');
    expect((await listed(app.client_id)).review?.publisher).toBe('Omnia');
    const env = {
      PORT: String(server.config.port),
      DATA_DIR: server.config.dataDir,
      DATABASE_URL: server.config.database.url ?? '',
    };
    const list = await runAdminCli(['clients', 'list'], env);
    expect(list.stdout).toContain('published by: Grace Hopper -> Omnia (approved: only this would change)');
    // Approving a change of the app publishes no name, whatever the owner is called by then.
    await send(server, grace, 'PATCH', DEVELOPER_API.client(app.id), {
      name: 'Compiler 2',
      redirect_uris: ['https://photos.example/callback'],
      allowed_scopes: ['profile'],
    });
    const change = (await listed(app.client_id)).pending_change;
    await giveProfile(server, grace, 'Omnia Security Team');
    const decided = await server.fetch(`/api/admin/changes/${change?.id}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(decided.status).toBe(200);
    expect((await detailsOf(app, someone)).client).toMatchObject({
      name: 'Compiler 2',
      publisher: 'Grace Hopper',
    });
    // A new name is published by approving the app again, as listed.
    await giveProfile(server, grace, 'Grace B. Hopper');
    await approveAcrossARename('Grace B. Hopper');
    expect((await detailsOf(app, someone)).client.publisher).toBe('Grace B. Hopper');
    expect((await listed(app.client_id)).review).toBeNull();

    // Handed over, the app's new owner was never reviewed: no publisher until the next approval.
    const heir = await createUser(server);
    const { username } = await giveProfile(server, heir, 'Omnia Security');
    await send(server, grace, 'POST', MEMBERS_API.members(app.id), { username });
    await send(server, grace, 'POST', MEMBERS_API.transfer(app.id), { user_id: heir.id });
    expect((await send(server, heir, 'POST', MEMBERS_API.acceptTransfer(app.id))).status).toBe(200);
    expect((await detailsOf(app, someone)).client).toMatchObject({ publisher: null, verified: true });
    expect((await listed(app.client_id)).review?.publisher).toBe('Omnia Security');
  });
});
