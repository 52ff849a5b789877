import { calculateJwkThumbprint, exportJWK, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiWorld, configFor, introspect, ORDERS, startApiWorld } from '../oauth/apis';
import { setSecurity } from './fixture';

/** A service that requires DPoP gets a DPoP-bound JWT for a developer's API, and the API is told its key. */
let world: ApiWorld;

beforeAll(async () => {
  world = await startApiWorld();
});
afterAll(() => world?.server.close());

describe("DPoP for developers' APIs", () => {
  it('binds the JWT to the key (cnf.jkt); introspection names the key; no proof, no token', async () => {
    const { server, owner, ownService, api, jwks } = world;
    await setSecurity(server, owner, { clientId: ownService.client_id }, { require_dpop: true });
    const config = await configFor(server, owner, ownService);
    await expect(
      oidc.clientCredentialsGrant(config, { resource: ORDERS, scope: 'orders:read' }),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/^DPoP proof JWT not provided/),
    });

    const keyPair = await oidc.randomDPoPKeyPair('ES256');
    const DPoP = oidc.getDPoPHandle(config, keyPair);
    const tokens = await oidc.clientCredentialsGrant(
      config,
      { resource: ORDERS, scope: 'orders:read' },
      { DPoP },
    );
    expect(tokens.token_type).toBe('dpop');
    const jkt = await calculateJwkThumbprint(await exportJWK(keyPair.publicKey));
    const { payload } = await jwtVerify(tokens.access_token, jwks, { issuer: server.url, audience: ORDERS });
    expect(payload.cnf).toEqual({ jkt });

    const seen = await introspect(server, tokens.access_token, api.api.credential_id, api.credential_secret);
    expect(await seen.json()).toMatchObject({ active: true, token_type: 'DPoP', cnf: { jkt } });
  });
});
