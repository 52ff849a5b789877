import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changePassword, createUser, postJson } from '../support/users';
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
    const login = await postJson(server, '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const other = (await login.json()) as { access_token: string };
    const out = await postJson(
      server,
      '/api/me/sessions/sign-out-others',
      {},
      { Authorization: `Bearer ${other.access_token}` },
    );
    expect(out.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(400);

    // A change of the password from another device ends every other sign-in, and with it this one.
    const second = await signInToApp();
    const elsewhere = await postJson(server, '/api/auth/login', {
      email: second.person.email,
      password: second.person.password,
    });
    const { access_token } = (await elsewhere.json()) as { access_token: string };
    const fromElsewhere = { ...second.person, authHeader: { Authorization: `Bearer ${access_token}` } };
    expect((await changePassword(server, fromElsewhere, 'a brand new passphrase 42')).status).toBeLessThan(
      300,
    );
    expect((await refresh(second.tokens.refresh_token)).status).toBe(400);
  });

  it('stay when the sign-in only ran out', async () => {
    const { server } = world;
    const { person, tokens } = await signInToApp();
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${person.id}`.execute(
      server.deps.dbHandle.db,
    );
    // Another sign-in of the person ends, which sweeps the one that ran out too.
    const login = await postJson(server, '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const other = (await login.json()) as { access_token: string };
    expect(
      (
        await server.fetch('/api/auth/logout', {
          method: 'POST',
          headers: { cookie: login.headers.get('set-cookie') ?? '' },
        })
      ).status,
    ).toBe(204);
    expect(other.access_token).toBeTruthy();
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("stay when a sign-in that ran out is later swept by 'Sign out of all other sessions'", async () => {
    const { server } = world;
    const { person, tokens } = await signInToApp();
    await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${person.id}`.execute(
      server.deps.dbHandle.db,
    );
    // A new device, with no cookie of the old one: nothing is swept until the person acts.
    const login = await postJson(server, '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    const { access_token } = (await login.json()) as { access_token: string };
    const out = await postJson(
      server,
      '/api/me/sessions/sign-out-others',
      {},
      { Authorization: `Bearer ${access_token}` },
    );
    expect(out.status).toBe(200);
    expect((await refresh(tokens.refresh_token)).status).toBe(200);
  });
});
