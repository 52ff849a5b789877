import type { ApiErrorBody } from '@omnia/contracts';
import { DEVELOPER_API, type OAuthClient, type RegisterClientInput } from '@omnia/contracts/developer';
import { MEMBERS_API } from '@omnia/contracts/members';
import sharp from 'sharp';
import { giveProfile } from '../conformance/rp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

export const validClient = (overrides: Partial<RegisterClientInput> = {}): RegisterClientInput => ({
  name: 'Acme Notes',
  description: 'Takes notes',
  logo_url: null,
  redirect_uris: ['https://notes.acme.example/callback'],
  allowed_scopes: ['profile', 'email'],
  // What approval needs (the consent screen links them).
  homepage_url: 'https://notes.acme.example',
  privacy_url: 'https://notes.acme.example/privacy',
  terms_url: 'https://notes.acme.example/terms',
  ...overrides,
});

/** A JSON (or bodiless) request as the signed-in user, or anonymously without a user. */
export function send(
  server: TestServer,
  user: TestUser | undefined,
  method: string,
  path: string,
  body?: unknown,
) {
  return server.fetch(path, {
    method,
    headers: {
      ...(user ? user.authHeader : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function register(
  server: TestServer,
  user: TestUser,
  input = validClient(),
): Promise<OAuthClient> {
  const res = await send(server, user, 'POST', DEVELOPER_API.clients, input);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { client: OAuthClient }).client;
}

/** An app of `owner`, approved as the operator would (set in the database), and its client credentials. */
export async function approvedApp(server: TestServer, owner: TestUser, input = validClient()) {
  const app = await register(server, owner, input);
  const shown = await send(server, owner, 'GET', DEVELOPER_API.secret(app.id));
  const clientSecret = ((await shown.json()) as { client_secret: string }).client_secret;
  await server.deps.dbHandle.db
    .updateTable('oauth2_clients')
    .set({ status: 'approved' })
    .where('id', '=', app.id)
    .execute();
  return { app, client: { clientId: app.client_id, clientSecret, ownerId: owner.id } };
}

export const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

export function uploadLogo(server: TestServer, user: TestUser | undefined, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
  return server.fetch(DEVELOPER_API.logos, {
    method: 'POST',
    headers: user?.authHeader ?? {},
    body: form,
  });
}

export const pngBytes = (size = 32) =>
  sharp({ create: { width: size, height: size, channels: 4, background: '#3366ff' } })
    .png()
    .toBuffer();

/**
 * A server, a developer with a full name (the profile claims have values) and one app they
 * registered through the Developer API: where each kind of app's tests start.
 */
export async function serverWithApp(input: Partial<RegisterClientInput>) {
  const server = await startTestServer();
  const owner = await createUser(server);
  await giveProfile(server, owner, 'Grace Hopper');
  const app = await register(server, owner, validClient(input));
  return { server, owner, app };
}

/** `from` hands their app to `to` (with a username): added as a member, offered it, accepts. */
export async function handOver(
  server: TestServer,
  from: TestUser,
  to: TestUser & { username: string },
  app: OAuthClient,
) {
  await send(server, from, 'POST', MEMBERS_API.members(app.id), { username: to.username });
  await send(server, from, 'POST', MEMBERS_API.transfer(app.id), { user_id: to.id });
  const accepted = await send(server, to, 'POST', MEMBERS_API.acceptTransfer(app.id));
  if (accepted.status !== 200) throw new Error(`handover: ${accepted.status} ${await accepted.text()}`);
}

/** The person deletes their account, typing their e-mail and password. */
export const deleteAccount = (server: TestServer, user: TestUser) =>
  server.fetch('/api/me/account', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
