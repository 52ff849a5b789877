import { REGISTRATION_TOKENS_API, type RegistrationTokenCreated } from '@omnia/contracts/registration';
import { afterAll, beforeAll, expect } from 'vitest';
import { send } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/** A developer's initial access token (RFC 7591), made in the console. */
export async function initialToken(server: TestServer, user: TestUser, maxUses = 5) {
  const res = await send(server, user, 'POST', REGISTRATION_TOKENS_API.tokens, {
    label: 'CI pipeline',
    lifetime: '7d',
    max_uses: maxUses,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as RegistrationTokenCreated;
}

/** POST /oauth2/register with a body as a tool would send it (a string is sent as it is). */
export const registerWith = (server: TestServer, token: string | undefined, metadata: object | string) =>
  server.fetch('/oauth2/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
  });

/** RFC 7592: a registration's own URI, with its registration access token. */
export const manage = (uri: string, token: string, method = 'GET', body?: object | string) =>
  fetch(uri, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

/** What a registration answers and the tests use. */
export interface Registered {
  client_id: string;
  registration_access_token: string;
  registration_client_uri: string;
}

/** A server and a developer for one test file: started before its tests and closed after them. */
export function useDeveloperServer(): { server: TestServer; developer: TestUser } {
  const world = {} as { server: TestServer; developer: TestUser };
  beforeAll(async () => {
    world.server = await startTestServer();
    world.developer = await createUser(world.server);
  });
  afterAll(() => world.server?.close());
  return world;
}
