import type { CancelEmailChangeResponse } from '@omnia/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { enableTotp } from '../factors/helpers';
import { insertClient, issueTokens, userinfo } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import {
  afterLinkRequests,
  BROWSER_SESSION_COOKIE,
  cookieOf,
  createUser,
  outboxFor,
  postJson,
  refreshCookieOf,
  type TestUser,
  uniqueEmail,
} from '../support/users';
import { squat, useEmailChangeServer } from './email-change-support';

/**
 * The cancel link after a takeover: the owner gets the account back whatever happened since, and
 * whoever changed the address never again (parked when the old address is another verified
 * account's).
 */
let server: TestServer;
const { world, request, login, confirm, cancel, confirmLink, cancelLink, emailOf } = useEmailChangeServer();
beforeAll(() => {
  server = world.server;
});
const alive = async (user: TestUser) =>
  (await server.fetch('/api/me/profile', { headers: user.authHeader })).status === 200;

describe('taking the account back with the cancel link', () => {
  /**
   * The takeover: someone with the owner's session moves the address to theirs, adds their own
   * authenticator app, and someone registers the owner's old address. Returns what the owner has.
   */
  async function takeover(holderOfOldAddress: 'verified' | 'unverified') {
    const owner = await createUser(server);
    const app = await insertClient(server, await createUser(server));
    const tokens = await issueTokens(server, app, owner);
    const attackerAddress = uniqueEmail('attacker');
    expect((await request(owner, attackerAddress)).status).toBe(202);
    const ownersCancel = await cancelLink(owner.email);
    expect((await confirm(await confirmLink(attackerAddress))).status).toBe(200);
    await enableTotp(server, owner);
    // The old address is free now: someone signs it up.
    if (holderOfOldAddress === 'verified')
      await createUser(server, { email: owner.email, password: 'another person here' });
    else await squat(server, owner.email);
    return { owner, app, tokens, attackerAddress, ownersCancel };
  }

  it('the old address was taken by a verified account: no 5xx, the owner gets control back, the changer never again', async () => {
    const { owner, tokens, attackerAddress, ownersCancel } = await takeover('verified');
    const res = await cancel(ownersCancel);
    expect(res.status).toBe(200);
    const body = (await res.json()) as CancelEmailChangeResponse;
    // The account is parked on an address no mail reaches, not left on the changer's.
    expect(body.restored).toBe(false);
    expect(body.email).toMatch(/^secured-[0-9a-f]{10}@account\.invalid$/);
    expect(await emailOf(owner.id)).toBe(body.email);
    // Every session ended, the apps' access ended, the authenticator added since is gone.
    expect(await alive(owner)).toBe(false);
    expect((await userinfo(server, tokens.access_token)).status).toBe(401);
    const factors = await server.deps.dbHandle.db
      .selectFrom('totp_factors')
      .select('user_id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(factors).toEqual([]);
    // The owner sets the only working password from the link's page, and signs in with the parked
    // address (the page fills it in).
    expect(
      (
        await postJson(server, '/api/auth/reset-password', {
          token: body.reset_token,
          password: 'mine again now',
        })
      ).status,
    ).toBe(200);
    expect((await login(body.email, owner.password)).status).toBe(400);
    const signedIn = await login(body.email, 'mine again now');
    expect(signedIn.status).toBe(200);
    expect(refreshCookieOf(signedIn)).toBeTruthy();
    // Used again, the link only gives a new reset token (the account is parked: next test).
    expect((await cancel(ownersCancel)).status).toBe(200);
    expect((await login(body.email, 'mine again now')).status).toBe(200);
    // The changer's address reaches nothing of the account: 'Forgot password' for it has no
    // account to write a link for, and nothing is mailed to the parked address.
    const mailed = (await outboxFor(server, attackerAddress)).length;
    await afterLinkRequests(server, () =>
      postJson(server, '/api/auth/forgot-password', { email: attackerAddress }),
    );
    expect(await outboxFor(server, attackerAddress)).toHaveLength(mailed);
    // The owner then sets an address of theirs in Settings: the parked one is told nothing.
    const { access_token } = (await signedIn.json()) as { access_token: string };
    const parked = {
      ...owner,
      email: body.email,
      password: 'mine again now',
      authHeader: { Authorization: `Bearer ${access_token}` },
      browserCookie: cookieOf(signedIn, BROWSER_SESSION_COOKIE) ?? '',
    };
    // Apps are not told the parked address is a proven one.
    const app = await insertClient(server, await createUser(server));
    const appTokens = await issueTokens(server, app, parked);
    expect(await (await userinfo(server, appTokens.access_token)).json()).toMatchObject({
      email: body.email,
      email_verified: false,
    });
    const newAddress = uniqueEmail('owner-new');
    expect((await request(parked, newAddress, 'mine again now')).status).toBe(202);
    expect((await confirm(await confirmLink(newAddress))).status).toBe(200);
    expect(await emailOf(owner.id)).toBe(newAddress);
    expect(await outboxFor(server, body.email)).toEqual([]);
  });

  it('parked, the owner gets a new reset token from the same link within its week; no other link does', async () => {
    const { owner, attackerAddress, ownersCancel } = await takeover('verified');
    // Whoever changed the address asks for a second change from it before the owner acts: its
    // cancel link goes to their own address.
    expect((await request(owner, uniqueEmail('attacker-2'))).status).toBe(202);
    const attackersCancel = await cancelLink(attackerAddress);
    const first = (await (await cancel(ownersCancel)).json()) as CancelEmailChangeResponse;
    expect(first.restored).toBe(false);
    // The page's token lapses unused (the owner closed it).
    await server.deps.dbHandle.db
      .updateTable('email_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.id)
      .execute();
    const second = await cancel(ownersCancel);
    expect(second.status).toBe(200);
    const body = (await second.json()) as CancelEmailChangeResponse;
    expect(body).toMatchObject({ restored: false, email: first.email });
    expect(
      (
        await postJson(server, '/api/auth/reset-password', {
          token: body.reset_token,
          password: 'mine at last now',
        })
      ).status,
    ).toBe(200);
    expect((await login(first.email, 'mine at last now')).status).toBe(200);
    // The later change's link, cancelled with it, gives nothing: its holder is not the owner.
    expect((await cancel(attackersCancel)).status).toBe(400);
  });

  it('the old address was taken by an unverified sign-up: it gives way and the address comes back', async () => {
    const { owner, ownersCancel } = await takeover('unverified');
    const res = await cancel(ownersCancel);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ restored: true, email: owner.email });
    expect(await emailOf(owner.id)).toBe(owner.email);
    const holders = await server.deps.dbHandle.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', owner.email.toLowerCase()))
      .execute();
    expect(holders.map((h) => h.id)).toEqual([owner.id]);
  });

  it('a later change made from the taken account cannot be cancelled back by whoever made it', async () => {
    const { owner, attackerAddress, ownersCancel } = await takeover('unverified');
    // Before the owner acts, the attacker's session moves the address once more (its cancel link
    // goes to the attacker's first address).
    const attacker = { ...owner, email: attackerAddress };
    const second = uniqueEmail('second');
    expect((await request(attacker, second)).status).toBe(202);
    const attackersCancel = await cancelLink(attackerAddress);
    expect((await confirm(await confirmLink(second))).status).toBe(200);
    expect((await cancel(ownersCancel)).status).toBe(200);
    expect(await emailOf(owner.id)).toBe(owner.email);
    // The attacker's own cancel link of the later change is dead: no address back, no reset token.
    const res = await cancel(attackersCancel);
    expect(res.status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });
});
