import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, literal, resolveConfig } from './config';

/**
 * Standards-only JavaScript (fetch + Web Crypto): the same functions run in Node 18+, Deno, Bun and
 * edge workers. The token calls carry the client secret, so they belong on the server side.
 */
export function javascriptExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-oauth.js: ${PRODUCT_NAME} OAuth2 with fetch + Web Crypto (Node 18+, Deno, Bun, edge workers).
// The token calls use your client secret: run them on your server, never in a browser bundle.
export const config = {
  issuer: ${literal(c.origin)},
  clientId: ${literal(c.clientId)},
  clientSecret: ${literal(c.clientSecret)},
  redirectUri: ${literal(c.redirectUri)},
  scope: ${literal(EXAMPLE_SCOPE)},
};

function base64url(bytes) {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
}

const randomString = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** Step 1: build the authorize URL. Keep state and codeVerifier in the user's session. */
export async function createAuthorizationRequest() {
  const state = randomString();
  const codeVerifier = randomString();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  const url = new URL(config.issuer + '/oauth2/authorize');
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: config.redirectUri,
    response_type: 'code',
    scope: config.scope,
    state,
    code_challenge: base64url(digest),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, state, codeVerifier };
}

async function tokenRequest(params) {
  const response = await fetch(config.issuer + '/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...params }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error + ': ' + (body.error_description ?? ''));
  return body; // { access_token, refresh_token, id_token, token_type, expires_in, scope }
}

/** Step 2: on the redirect back, check state and exchange the code (with the PKCE verifier). */
export async function handleCallback(callbackUrl, expectedState, codeVerifier) {
  const params = new URL(callbackUrl).searchParams;
  if (params.get('state') !== expectedState) throw new Error('state mismatch');
  if (params.get('error')) throw new Error(params.get('error') + ': ' + (params.get('error_description') ?? ''));
  return tokenRequest({
    grant_type: 'authorization_code',
    code: params.get('code') ?? '',
    redirect_uri: config.redirectUri,
    code_verifier: codeVerifier,
  });
}

/** Step 3: read the signed-in user. */
export async function getUserInfo(accessToken) {
  const response = await fetch(config.issuer + '/oauth2/userinfo', {
    headers: { Authorization: 'Bearer ' + accessToken },
  });
  if (!response.ok) throw new Error('userinfo failed with HTTP ' + response.status);
  return response.json(); // { sub, email, email_verified, name, preferred_username, picture }
}

/** New tokens when the access token expires. Refresh tokens rotate: store the new one. */
export function refreshTokens(refreshToken) {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

/** Sign-out: revoke the refresh token (or an access token, with tokenTypeHint 'access_token'). */
export async function revokeToken(token, tokenTypeHint = 'refresh_token') {
  const response = await fetch(config.issuer + '/oauth2/revoke', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: config.clientId,
      client_secret: config.clientSecret,
      token,
      token_type_hint: tokenTypeHint,
    }),
  });
  if (!response.ok) throw new Error('revoke failed with HTTP ' + response.status);
}
`;
}
