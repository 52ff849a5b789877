import { expect } from 'vitest';
import { askForDeviceCode, decideOnDevicePage, pollDevice } from '../oauth/device';
import { authorizeAs, basicAuth, REDIRECT_URI, redeemCode, type TestClient } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';

/**
 * Races of one code or one refresh token, written once for one server (PGlite or PostgreSQL) and
 * for two instances of one PostgreSQL database (test/scale): `servers[i % n]` takes request i.
 */
interface Tokens {
  access_token: string;
  refresh_token: string;
}

const form = (server: TestServer, client: TestClient, body: Record<string, string>) =>
  server.fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(client) },
    body: new URLSearchParams(body),
  });

async function userinfoStatus(server: TestServer, accessToken: string) {
  const res = await server.fetch('/oauth2/userinfo', { headers: { Authorization: `Bearer ${accessToken}` } });
  await res.arrayBuffer();
  return res.status;
}

/** Redeems one code on every server at once; at most one wins, and a loss revokes what the winner got. */
export async function raceCode(servers: TestServer[], client: TestClient, user: TestUser) {
  const { back, verifier } = await authorizeAs(servers[0] as TestServer, client, user);
  const code = back.searchParams.get('code') ?? '';
  const attempts = await Promise.all(
    servers.map((server) =>
      form(server, client, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    ),
  );
  const bodies = await Promise.all(
    attempts.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
  );
  const winners = bodies.filter((b) => b.status === 200).map((b) => b.body as Tokens);
  const losers = bodies.filter((b) => b.status !== 200);
  expect(winners.length).toBeLessThanOrEqual(1);
  for (const loser of losers) expect(loser).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  // The code came back a second time: every token issued from it is revoked (RFC 6749 §4.1.2).
  for (const won of winners)
    for (const server of servers) expect(await userinfoStatus(server, won.access_token)).toBe(401);
  return winners.length;
}

/**
 * Refreshes one refresh token on every server at once (two tabs, or a retry of an app running on
 * several machines): every request gets the same successor, so the grant survives; the successor
 * moves on once; the first token again after that is a reuse and ends the family, while another
 * authorization of the same person and app (another device) keeps working.
 */
export async function raceRefresh(servers: TestServer[], client: TestClient, user: TestUser) {
  const first = servers[0] as TestServer;
  const last = servers[servers.length - 1] as TestServer;
  const issue = async () => {
    const { back, verifier } = await authorizeAs(first, client, user);
    return (await (await redeemCode(first, client, back, verifier)).json()) as Tokens;
  };
  const device = await issue();
  const otherDevice = await issue();
  const attempts = await Promise.all(
    servers.map((server) =>
      form(server, client, { grant_type: 'refresh_token', refresh_token: device.refresh_token }),
    ),
  );
  const bodies = await Promise.all(
    attempts.map(async (r) => ({ status: r.status, body: (await r.json()) as Tokens })),
  );
  for (const { status } of bodies) expect(status).toBe(200);
  const successors = new Set(bodies.map(({ body }) => body.refresh_token));
  expect(successors.size).toBe(1);
  const successor = bodies[0]?.body.refresh_token ?? '';
  expect(successor).not.toBe(device.refresh_token);
  for (const { body } of bodies) expect(await userinfoStatus(last, body.access_token)).toBe(200);

  // One chain: the successor moves on once, on any server.
  const next = await form(last, client, { grant_type: 'refresh_token', refresh_token: successor });
  expect(next.status).toBe(200);
  const moved = (await next.json()) as Tokens;
  // The first token again, now that its successor was used: a reuse, and the family ends.
  const replay = await form(first, client, {
    grant_type: 'refresh_token',
    refresh_token: device.refresh_token,
  });
  expect(replay.status).toBe(400);
  expect(await userinfoStatus(last, moved.access_token)).toBe(401);
  const after = await form(last, client, { grant_type: 'refresh_token', refresh_token: moved.refresh_token });
  expect(after.status).toBe(400);

  // The other device's family is untouched.
  expect(await userinfoStatus(first, otherDevice.access_token)).toBe(200);
  const other = await form(first, client, {
    grant_type: 'refresh_token',
    refresh_token: otherDevice.refresh_token,
  });
  expect(other.status).toBe(200);
}

/**
 * Polls one approved device code on every server at once: at most one token set, and a loss
 * revokes what the winner got (the device code is that authorization's family, as a code is).
 */
export async function raceDeviceCode(servers: TestServer[], device: TestClient, user: TestUser) {
  const first = servers[0] as TestServer;
  const started = (await (await askForDeviceCode(first, device.clientId)).json()) as {
    device_code: string;
    user_code: string;
  };
  await decideOnDevicePage(first, user, started.user_code, true);
  const attempts = await Promise.all(
    servers.map((server) => pollDevice(server, device.clientId, started.device_code)),
  );
  const bodies = await Promise.all(
    attempts.map(async (r) => ({ status: r.status, body: (await r.json()) as unknown })),
  );
  const winners = bodies.filter((b) => b.status === 200).map((b) => b.body as Tokens);
  const losers = bodies.filter((b) => b.status !== 200);
  expect(winners.length).toBeLessThanOrEqual(1);
  for (const loser of losers) expect(loser).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  for (const won of winners)
    for (const server of servers) expect(await userinfoStatus(server, won.access_token)).toBe(401);
  return winners.length;
}
