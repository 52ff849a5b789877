import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, literal, resolveConfig } from './config';

/**
 * A TV, console or terminal with openid-client and the device authorization grant (RFC 8628): a
 * public client that shows a code, and polls while the person enters it on another screen.
 */
export function deviceExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-device.mjs: sign in on a TV, console or terminal with a code (npm i openid-client).
// Register the app as a 'Device or command line' app: no redirect URI, no client secret.
import * as client from 'openid-client';

const issuer = new URL(${literal(c.origin)});
const clientId = process.env.OMNIA_CLIENT_ID ?? ${literal(c.clientId)};
// Plain http is only for an ${PRODUCT_NAME} on your own machine.
const options = issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined;
const config = await client.discovery(issuer, clientId, undefined, client.None(), options);

const device = await client.initiateDeviceAuthorization(config, { scope: ${literal(EXAMPLE_SCOPE)} });
console.log('On your phone or computer, open ' + device.verification_uri);
console.log('and enter the code ' + device.user_code);
console.log('Or open this address, which has the code in it:');
console.log(device.verification_uri_complete);

// Polls every device.interval seconds (longer after slow_down) until the person allows or denies,
// or the code expires (access_denied and expired_token are thrown as errors).
const tokens = await client.pollDeviceAuthorizationGrant(config, device);
const user = await client.fetchUserInfo(config, tokens.access_token, tokens.claims().sub);
console.log('Signed in: ' + JSON.stringify(user));
// Keep tokens.refresh_token in the device's secure storage to stay signed in.
`;
}
