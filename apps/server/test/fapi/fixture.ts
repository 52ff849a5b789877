import { createHash, randomUUID } from 'node:crypto';
import type { ClientSecurityInput } from '@omnia/contracts/client-security';
import { type ClientListResponse, DEVELOPER_API } from '@omnia/contracts/developer';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { REDIRECT_URI, type TestClient } from '../oauth/flow';
import type { TestServer } from '../support/test-server';
import type { TestUser } from '../support/users';

/** An app's key pair for private_key_jwt, with the public half as the app registers it. */
export async function clientKeys(alg: 'ES256' | 'PS256' = 'ES256') {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: `key-${alg}-${Date.now()}`, use: 'sig', alg };
  return { privateKey, jwks: { keys: [jwk] }, kid: jwk.kid };
}

/** A client assertion (RFC 7523) made by hand: to send it twice, for the wrong audience, or at all. */
export function clientAssertion(
  app: Pick<TestClient, 'clientId'>,
  keys: Awaited<ReturnType<typeof clientKeys>>,
  aud: string,
) {
  const alg = keys.jwks.keys[0]?.alg ?? 'ES256';
  return new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg, kid: keys.kid })
    .setIssuer(app.clientId)
    .setSubject(app.clientId)
    .setAudience(aud)
    .setIssuedAt()
    .setExpirationTime('1m')
    .sign(keys.privateKey);
}

/** A token request authenticated by `jwt` alone (a code that redeems nothing: the client is checked first). */
export const assertionTokenRequest = (server: TestServer, app: Pick<TestClient, 'clientId'>, jwt: string) =>
  server.fetch('/oauth2/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: 'nothing-to-redeem',
      redirect_uri: REDIRECT_URI,
      client_id: app.clientId,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: jwt,
    }),
  });

/** The app's security profile as its owner sets it on its page (PUT …/security). */
export async function putSecurity(
  server: TestServer,
  owner: TestUser,
  client: Pick<TestClient, 'clientId'>,
  profile: Partial<ClientSecurityInput>,
) {
  // Found through the API, as its page would (a clustered instance has no database handle here).
  const listed = await server.fetch(DEVELOPER_API.clients, { headers: owner.authHeader });
  const { clients } = (await listed.json()) as ClientListResponse;
  const id = clients.find((c) => c.client_id === client.clientId)?.id ?? 'not-the-owners';
  return server.fetch(DEVELOPER_API.security(id), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...owner.authHeader },
    body: JSON.stringify({
      require_par: false,
      require_dpop: false,
      fapi_2: false,
      auth_method: 'secret',
      jwks: null,
      jwks_uri: null,
      ...profile,
    }),
  });
}

/** Sets it and insists it was taken. */
export async function setSecurity(
  server: TestServer,
  owner: TestUser,
  client: Pick<TestClient, 'clientId'>,
  profile: Partial<ClientSecurityInput>,
) {
  const res = await putSecurity(server, owner, client, profile);
  if (res.status !== 200) throw new Error(`security: ${res.status} ${await res.text()}`);
}

/** A DPoP proof (RFC 9449 §4.2) made by hand, to replay it or sign it with the wrong key. */
export async function dpopProof(
  key: Awaited<ReturnType<typeof generateKeyPair>>,
  htm: string,
  htu: string,
  opts: { accessToken?: string; nonce?: string; iat?: number } = {},
) {
  const { kty, crv, x, y } = await exportJWK(key.publicKey);
  const ath = opts.accessToken && createHash('sha256').update(opts.accessToken).digest('base64url');
  return new SignJWT({
    htm,
    htu,
    jti: randomUUID(),
    ...(ath ? { ath } : {}),
    ...(opts.nonce ? { nonce: opts.nonce } : {}),
  })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: 'ES256', jwk: { kty, crv, x, y } })
    .setIssuedAt(opts.iat)
    .sign(key.privateKey);
}

/** A new ES256 key pair for DPoP. */
export const dpopKey = () => generateKeyPair('ES256', { extractable: true });
