import { DEVELOPER_API } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { CookieJar, startInterop, visit } from '../interop/support';
import { REDIRECT_URI } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';
import { clientKeys, putSecurity, setSecurity } from './fixture';

/*
 * FAPI 2.0 Security Profile §5.3.2.2: the server "shall not allow redirect URIs that use the
 * 'http' scheme except for native clients that use loopback interface redirection". A FAPI app is
 * a web app, whose loopback http URIs (for development) stayed usable once the profile was on.
 */
const LOOPBACK = 'http://localhost:8080/cb';
let server: TestServer;
let person: TestUser;

beforeAll(async () => {
  ({ server, person } = await startInterop());
});
afterAll(() => server?.close());

const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;

/** The app's page saves its redirect URIs (PATCH, its other fields as registered). */
function edit(id: string, redirectUris: string[]) {
  const { name, description, logo_url, allowed_scopes } = validClient({ name: 'Bank' });
  return send(server, person, 'PATCH', DEVELOPER_API.client(id), {
    name,
    description,
    logo_url,
    allowed_scopes,
    redirect_uris: redirectUris,
  });
}

async function webApp(redirectUris: string[]) {
  const app = await register(server, person, validClient({ name: 'Bank', redirect_uris: redirectUris }));
  return { app, client: { clientId: app.client_id } };
}

describe('a FAPI 2.0 app’s redirect URIs', () => {
  it('the profile is refused while an http one is registered; without it, taken', async () => {
    const { app, client } = await webApp([REDIRECT_URI, LOOPBACK]);
    const { jwks } = await clientKeys('ES256');
    const refused = await putSecurity(server, person, client, {
      auth_method: 'private_key_jwt',
      jwks,
      fapi_2: true,
    });
    expect(refused.status).toBe(400);
    expect(await fieldsOf(refused)).toEqual({ fapi_2: MESSAGES.fapiHttpsRedirects });
    const edited = await edit(app.id, [REDIRECT_URI]);
    expect(edited.status, await edited.clone().text()).toBe(200);
    await setSecurity(server, person, client, { auth_method: 'private_key_jwt', jwks, fapi_2: true });

    // On, an http one is refused in an edit, and nothing changes.
    const added = await edit(app.id, [REDIRECT_URI, LOOPBACK]);
    expect(added.status).toBe(400);
    expect(await fieldsOf(added)).toMatchObject({ 'redirect_uris.1': MESSAGES.fapiHttpsRedirects });
  });

  it('one registered before the profile (or racing it) never gets a code', async () => {
    const { client } = await webApp([REDIRECT_URI, LOOPBACK]);
    const keys = await clientKeys('ES256');
    await server.deps.dbHandle.db
      .updateTable('oauth2_clients')
      .set({ security: JSON.stringify({ fapi_2: true, auth_method: 'private_key_jwt', jwks: keys.jwks }) })
      .where('client_id', '=', client.clientId)
      .execute();
    const config = await oidc.discovery(
      new URL(server.url),
      client.clientId,
      { id_token_signed_response_alg: 'ES256' },
      oidc.PrivateKeyJwt({ key: keys.privateKey, kid: keys.kid }),
      { execute: [oidc.allowInsecureRequests] },
    );
    const push = (redirect_uri: string) =>
      oidc.buildAuthorizationUrlWithPAR(config, {
        redirect_uri,
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
    await expect(push(LOOPBACK)).rejects.toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/redirect_uri did not match/),
    });
    const url = await push(REDIRECT_URI);
    const { callback } = await visit(server, CookieJar.of(person), person, url);
    expect(callback.searchParams.get('code')).toBeTruthy();
  });
});
