import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import { describe, expect, it } from 'vitest';
import { CookieJar, decisionBody, followToClient, pkce, startAuthorization } from '../oauth/flow';
import type { TestUser } from '../support/users';
import { register, send, validClient } from './helpers';
import { useMembersWorld } from './members-world';

/*
 * An app in testing mode applies every change at once, whoever of its owner and members makes it.
 * The owner's remembered consent covers the redirect URIs the owner put there, never one a member
 * added: a member could otherwise send the owner a link on Omnia's own domain whose code lands on
 * the member's server, with no screen to stop it.
 */
const world = useMembersWorld();
const APP_URI = 'https://notes.acme.example/callback';
const MEMBER_URI = 'https://elsewhere.example/cb';

const authorize = (clientId: string, redirectUri: string) =>
  `/oauth2/authorize?${new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: 's',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  })}`;

/** The consent screen's answer for this request: a redirect (remembered consent) or the screen. */
async function consentFor(user: TestUser, jar: CookieJar, clientId: string, redirectUri: string) {
  const { server } = world;
  const uid = await startAuthorization(server, jar, authorize(clientId, redirectUri));
  const details = await jar.fetch(server, `/oauth2/consent/${uid}/details`, { headers: user.authHeader });
  return { uid, remembered: Boolean(((await details.json()) as { redirect_to?: string }).redirect_to) };
}

/** The owner allows their app on the screen: the decision's answer. */
async function allow(owner: TestUser, jar: CookieJar, uid: string) {
  const decided = await jar.fetch(world.server, `/oauth2/consent/${uid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...owner.authHeader },
    body: await decisionBody(world.server, jar, uid, owner, true),
  });
  expect(decided.status).toBe(200);
  return (await decided.json()) as { redirect_to: string };
}

/** The owner adds a member, who adds a redirect URI of their own (testing mode: applied at once). */
async function memberAddsUri(owner: TestUser, app: { id: string }) {
  const { server } = world;
  const member = await world.person();
  expect(
    (await send(server, owner, 'POST', MEMBERS_API.members(app.id), { username: member.username })).status,
  ).toBe(201);
  const edit = await send(server, member, 'PATCH', DEVELOPER_API.client(app.id), {
    ...validClient({ name: 'Team Notes' }),
    redirect_uris: [APP_URI, MEMBER_URI],
  });
  expect(edit.status).toBe(200);
}

describe('remembered consent in testing mode', () => {
  it('covers the owner’s own redirect URIs, never one a member added: that one shows the screen', async () => {
    const { server } = world;
    const owner = await world.person();
    const app = await register(server, owner, validClient({ name: 'Team Notes', redirect_uris: [APP_URI] }));
    const jar = CookieJar.of(owner);
    const first = await consentFor(owner, jar, app.client_id, APP_URI);
    expect(first.remembered).toBe(false);
    await allow(owner, jar, first.uid);
    expect((await consentFor(owner, jar, app.client_id, APP_URI)).remembered).toBe(true);

    await memberAddsUri(owner, app);
    expect((await consentFor(owner, jar, app.client_id, MEMBER_URI)).remembered).toBe(false);
    // The owner's own URI is still remembered; one the owner adds is too.
    expect((await consentFor(owner, jar, app.client_id, APP_URI)).remembered).toBe(true);
    const own = 'https://notes.acme.example/other';
    const mine = await send(server, owner, 'PATCH', DEVELOPER_API.client(app.id), {
      ...validClient({ name: 'Team Notes' }),
      redirect_uris: [APP_URI, MEMBER_URI, own],
    });
    expect(mine.status).toBe(200);
    expect((await consentFor(owner, jar, app.client_id, own)).remembered).toBe(true);
  });

  it('holds when the engine session already has the grant: the member’s link gets no code, the owner’s own URI does', async () => {
    const { server } = world;
    const owner = await world.person();
    const app = await register(server, owner, validClient({ name: 'Team Notes', redirect_uris: [APP_URI] }));
    const jar = CookieJar.of(owner);
    const { uid } = await consentFor(owner, jar, app.client_id, APP_URI);
    const back = await followToClient(server, jar, (await allow(owner, jar, uid)).redirect_to);
    expect(back.origin + back.pathname).toBe(APP_URI);
    await memberAddsUri(owner, app);
    // The engine's own answer to the member's link: to the consent screen, never to the member.
    const theirs = await jar.fetch(server, authorize(app.client_id, MEMBER_URI));
    const to = new URL(theirs.headers.get('location') ?? '', server.url);
    expect(to.origin).toBe(new URL(server.url).origin);
    expect(to.searchParams.get('code')).toBeNull();
    // The owner's own URI still goes straight back, code and all.
    const own = await jar.fetch(server, authorize(app.client_id, APP_URI));
    const ownTo = new URL(own.headers.get('location') ?? '', server.url);
    expect(ownTo.origin + ownTo.pathname).toBe(APP_URI);
    expect(ownTo.searchParams.get('code')).toBeTruthy();
  });
});
