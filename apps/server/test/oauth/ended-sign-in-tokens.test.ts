import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changePassword, createUser, postJson, secondSessionOf } from '../support/users';
import { authorizeAs, redeemCode, tokenRequest, useClientWorld, userinfo } from './flow';

/*
 * Back-Channel Logout 1.0 §2.7: "Refresh tokens issued without the offline_access property to a
 * session being logged out SHOULD be revoked." However the person's Omnia sign-in ends (signing
 * out, 'Sign out of all other sessions', a password change), the app's codes and tokens issued
 * through it end with it, as at an RP-initiated logout. A sign-in that only ran out keeps them: an
 * app's sign-in outlives the browser's.
 */
const world = useClientWorld();

async function signInToApp() {
  const { server, client } = world;
  const person = await createUser(server);
  const { back, verifier } = await authorizeAs(server, client, person);
  const res = await redeemCode(server, client, back, verifier);
  expect(res.status).toBe(200);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  return { person, tokens };
}
const refresh = (refreshToken: string) =>
  tokenRequest(world.server, world.client, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe("the app's tokens of a sign-in that ended", () => {
  it('end when the person signs out of Omnia', async () => {
    const { person, tokens } = await signInToApp();
    const out = await world.server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: person.refreshCookie },
    });
    expect(out.status).toBe(204);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
    expect((await userinfo(world.server, tokens.access_token)).status).toBe(401);
  });

  it("end with 'Sign out of all other sessions' and with a password change", async () => {
    const { server } = world;
    const { person, tokens } = await signInToApp();
    const other = await secondSessionOf(server, person);
    expect((await postJson(server, '/api/me/sessions/sign-out-others', {}, other.authHeader)).status).toBe(
      200,
    );
    expect((await refresh(tokens.refresh_token)).status).toBe(400);

    // A change of the password from another device ends every other sign-in, and with it this one.
    const second = await signInToApp();
    const elsewhere = await secondSessionOf(server, second.person);
    expect((await changePassword(server, elsewhere, 'a brand new passphrase 42')).status).toBeLessThan(300);
    expect((await refresh(second.tokens.refresh_token)).status).toBe(400);
  });

  /** The person's sign-in that authorized the app runs out; then they sign in on a new device. */
  async function ranOutThenElsewhere() {
    const { person, tokens } = await signInToApp();
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${person.id}`.execute(
      world.server.deps.dbHandle.db,
    );
    return { tokens, elsewhere: await secondSessionOf(world.server, person) };
  }

  it('stay when the sign-in only ran out, and another sign-in ends', async () => {
    const { tokens, elsewhere } = await ranOutThenElsewhere();
    // Signing out the new device sweeps the one that ran out too.
    const out = await world.server.fetch('/api/auth/logout', {
      method: 'POST',
      headers: { cookie: elsewhere.refreshCookie },
    });
    expect(out.status).toBe(204);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("stay when a sign-in that ran out is later swept by 'Sign out of all other sessions'", async () => {
    const { tokens, elsewhere } = await ranOutThenElsewhere();
    const out = await postJson(world.server, '/api/me/sessions/sign-out-others', {}, elsewhere.authHeader);
    expect(out.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});
