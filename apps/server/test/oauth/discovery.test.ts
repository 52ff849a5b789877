import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/** Discovery advertises exactly what works: each value here has a test of its own. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('discovery', () => {
  it('lists the grants, client authentications and endpoints Omnia serves, and nothing else', async () => {
    const meta = (await (await server.fetch('/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect([...(meta.grant_types_supported as string[])].sort()).toEqual([
      'authorization_code',
      // Services, for developers' APIs (services-and-apis.test.ts).
      'client_credentials',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
    ]);
    // Web apps and services authenticate with their secret or their private key (test/fapi);
    // single-page, native and device apps with none.
    expect([...(meta.token_endpoint_auth_methods_supported as string[])].sort()).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'none',
      'private_key_jwt',
    ]);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.device_authorization_endpoint).toBe(`${server.url}/oauth2/device/auth`);
    // Pushed authorization requests and DPoP (test/fapi).
    expect(meta.pushed_authorization_request_endpoint).toBe(`${server.url}/oauth2/par`);
    // Dynamic client registration, with a developer's initial access token (test/fapi/registration.test.ts).
    expect(meta.registration_endpoint).toBe(`${server.url}/oauth2/register`);
    // Resource indicators (RFC 8707) are served without a discovery field of their own; the
    // introspection endpoint serves apps and developers' APIs.
    expect(meta.introspection_endpoint).toBe(`${server.url}/oauth2/introspect`);
    expect(meta.dpop_signing_alg_values_supported).toEqual(['ES256', 'Ed25519', 'EdDSA']);
  });
});
