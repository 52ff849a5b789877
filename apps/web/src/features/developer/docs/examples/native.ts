import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, literal, resolveConfig } from './config';

/**
 * A command-line tool with openid-client (RFC 8252): a public client (no secret) that listens on
 * a loopback port the system picks, opens the sign-in in the browser and redeems the code there.
 */
export function nativeExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-cli.mjs: sign in from a command-line or desktop app (npm i openid-client).
// Register the app as a 'Native or mobile app' with the redirect URI http://127.0.0.1/callback:
// any port matches, so the tool listens on whichever one is free. It has no client secret.
import { createServer } from 'node:http';
import * as client from 'openid-client';

const issuer = new URL(${literal(c.origin)});
const clientId = process.env.OMNIA_CLIENT_ID ?? ${literal(c.clientId)};
// Plain http is only for an ${PRODUCT_NAME} on your own machine.
const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
const config = await client.discovery(issuer, clientId, undefined, client.None(), options);

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const redirectUri = 'http://127.0.0.1:' + server.address().port + '/callback';
const codeVerifier = client.randomPKCECodeVerifier();
const state = client.randomState();
const url = client.buildAuthorizationUrl(config, {
  redirect_uri: redirectUri,
  scope: ${literal(EXAMPLE_SCOPE)},
  code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
  code_challenge_method: 'S256',
  state,
});
console.log('Open this address in your browser to sign in:');
console.log(url.href);

// The browser comes back to the loopback port with the code (or the refusal).
const callback = await new Promise((resolve) => {
  server.on('request', (req, res) => {
    const here = new URL(req.url, redirectUri);
    if (here.pathname !== '/callback') return res.writeHead(404).end();
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('You are signed in. You can close this window.');
    resolve(here);
  });
});
server.close();

const tokens = await client.authorizationCodeGrant(config, callback, {
  pkceCodeVerifier: codeVerifier,
  expectedState: state,
});
const user = await client.fetchUserInfo(config, tokens.access_token, tokens.claims().sub);
console.log('Signed in: ' + JSON.stringify(user));
// Keep tokens.refresh_token in the system keychain to stay signed in.
`;
}
