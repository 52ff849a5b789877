import { type ApiCreatedResponse, type CreateApiInput, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import { DEVELOPER_API, type OAuthClient, type SecretResponse } from '@omnia/contracts/developer';
import { createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { CookieJar, visit } from '../interop/support';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/*
 * What the tests of services and developers' APIs share: an API with two scopes, its
 * owner's service and another developer's, and the calls a service and an API make.
 */
export const ORDERS = 'https://orders.example.test/api';
export const REDIRECT = 'https://shop.example.test/callback';
export const ordersApi = (overrides: Partial<CreateApiInput> = {}): CreateApiInput => ({
  name: 'Orders API',
  identifier: ORDERS,
  scopes: [
    { name: 'orders:read', description: 'See your orders' },
    { name: 'orders:write', description: 'Place orders for you' },
  ],
  ...overrides,
});
export const service = (name: string) =>
  validClient({ app_type: 'service', name, redirect_uris: [], allowed_scopes: [] });

export async function secretOf(server: TestServer, user: TestUser, app: OAuthClient): Promise<string> {
  const res = await send(server, user, 'GET', DEVELOPER_API.secret(app.id));
  return ((await res.json()) as SecretResponse).client_secret;
}

/** openid-client configured as the app, with its secret (HTTP Basic). */
export async function configFor(server: TestServer, user: TestUser, app: OAuthClient) {
  return oidc.discovery(
    new URL(server.url),
    app.client_id,
    undefined,
    oidc.ClientSecretBasic(await secretOf(server, user, app)),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/**
 * A person's app, run by openid-client, authorized by that person (its developer too) for
 * `scope`, with `resource` when it names an API: the app's config, what the screen showed, the tokens.
 */
export async function authorizeForApi(
  server: TestServer,
  person: TestUser,
  app: OAuthClient,
  request: { scope: string; resource?: string },
) {
  const config = await configFor(server, person, app);
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT,
    ...request,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  const seen = await visit(server, CookieJar.of(person), person, url);
  const tokens = await oidc.authorizationCodeGrant(
    config,
    seen.callback,
    { pkceCodeVerifier: verifier },
    request.resource ? { resource: request.resource } : undefined,
  );
  return { config, seen, tokens };
}

/** client_credentials as a service calls it with openid-client, or the OAuth error it got. */
export async function serviceToken(
  server: TestServer,
  user: TestUser,
  app: OAuthClient,
  params: Record<string, string>,
) {
  try {
    return await oidc.clientCredentialsGrant(await configFor(server, user, app), params);
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError)
      return { error: err.error, description: err.error_description };
    throw err;
  }
}

/** An API introspecting a token with its own credentials (HTTP Basic). */
export function introspect(server: TestServer, token: string, id: string, secret: string) {
  return server.fetch('/oauth2/introspect', {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** A server with the Orders API, its owner's service, another developer's service and the JWKS. */
export async function startApiWorld() {
  const server = await startTestServer();
  const owner = await createUser(server);
  const stranger = await createUser(server);
  const created = await send(server, owner, 'POST', DEVELOPER_APIS_API.apis, ordersApi());
  expect(created.status).toBe(201);
  const api = (await created.json()) as ApiCreatedResponse;
  const ownService = await register(server, owner, service('Owner worker'));
  const strangerService = await register(server, stranger, service('Partner worker'));
  const discovered = await configFor(server, owner, ownService);
  const jwks = createRemoteJWKSet(new URL(discovered.serverMetadata().jwks_uri ?? ''));
  return { server, owner, stranger, api, ownService, strangerService, jwks };
}
export type ApiWorld = Awaited<ReturnType<typeof startApiWorld>>;

/** startApiWorld for one test file: started before its tests and closed after them. */
export function useApiWorld(): ApiWorld {
  const world = {} as ApiWorld;
  beforeAll(async () => {
    Object.assign(world, await startApiWorld());
  });
  afterAll(() => world.server?.close());
  return world;
}
