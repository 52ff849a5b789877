import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { type ExampleConfig, literal, resolveConfig } from './config';

/** The identifier the examples give an API until the developer sets theirs. */
const EXAMPLE_API = 'https://api.example.com/';
/** The scope the examples' API asks for. */
const EXAMPLE_API_SCOPE = 'orders:read';

/**
 * A backend service with openid-client and client_credentials: a token for one of the developer's
 * APIs (RFC 8707 `resource`), sent to that API as a Bearer token.
 */
export function serviceExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-service.mjs: a backend service calling your API with an ${PRODUCT_NAME} token (npm i openid-client).
// Register it as a 'Service (machine to machine)' app, and your API under Developer Dashboard → APIs.
import * as client from 'openid-client';

const issuer = new URL(${literal(c.origin)});
const clientId = process.env.OMNIA_CLIENT_ID ?? ${literal(c.clientId)};
// The secret stays out of the code: set OMNIA_CLIENT_SECRET where the service runs.
const clientSecret = process.env.OMNIA_CLIENT_SECRET;
// The API's identifier (its resource), and where it answers.
const api = process.env.OMNIA_API ?? ${literal(EXAMPLE_API)};
const apiUrl = process.env.API_URL ?? api;
// Plain http is only for an ${PRODUCT_NAME} on your own machine.
const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
const config = await client.discovery(issuer, clientId, undefined, client.ClientSecretBasic(clientSecret), options);

// A JWT for that API alone, with the scopes its owner allows this service. It lasts 15 minutes:
// ask again when it expires (there is no refresh token).
const { access_token } = await client.clientCredentialsGrant(config, {
  resource: api,
  scope: ${literal(EXAMPLE_API_SCOPE)},
});
const res = await fetch(new URL('/orders', apiUrl), { headers: { authorization: 'Bearer ' + access_token } });
console.log('API answered ' + res.status + ': ' + (await res.text()));
`;
}

/** A developer's API with jose: accepts Omnia's access tokens for its identifier, checked offline. */
export function apiExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-api.mjs: your API, accepting ${PRODUCT_NAME} access tokens (npm i jose).
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';

const issuer = ${literal(c.origin)};
// Your API's identifier, exactly as its page shows it: the aud of its tokens.
const audience = process.env.OMNIA_API ?? ${literal(EXAMPLE_API)};
// ${PRODUCT_NAME}'s public keys, fetched once and cached (and fetched again for a key it has not seen).
const jwks = createRemoteJWKSet(new URL('/oauth2/jwks', issuer));

createServer(async (req, res) => {
  const token = /^Bearer (\\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  let payload;
  try {
    // The signature, the issuer, the audience, the expiry and the type of token (RFC 9068).
    ({ payload } = await jwtVerify(token ?? '', jwks, { issuer, audience, typ: 'at+jwt' }));
  } catch {
    res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' }).end();
    return;
  }
  if (!String(payload.scope ?? '').split(' ').includes(${literal(EXAMPLE_API_SCOPE)})) {
    res.writeHead(403, { 'www-authenticate': 'Bearer error="insufficient_scope"' }).end();
    return;
  }
  // sub is the person for a person's app, the service's Client ID for a service.
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ orders: [], caller: payload.sub, app: payload.client_id }));
}).listen(Number(process.env.PORT ?? 4000), () => console.log('API listening'));
`;
}
