import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { EXAMPLE_SCOPE, type ExampleConfig, literal, resolveConfig } from './config';

/**
 * A complete Node.js relying party (Node 18+, no dependencies): /login starts the flow with PKCE
 * S256 and state, /callback exchanges the code and answers the userinfo as JSON.
 */
export function nodeExample(config: ExampleConfig): string {
  const c = resolveConfig(config);
  return `// omnia-login.mjs: sign users in with ${PRODUCT_NAME} (Node.js 18+, no dependencies).
// Run:  OMNIA_CLIENT_SECRET=... node omnia-login.mjs   then open http://localhost:3000/login
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const OMNIA_URL = ${literal(c.origin)};
const CLIENT_ID = process.env.OMNIA_CLIENT_ID ?? ${literal(c.clientId)};
const CLIENT_SECRET = process.env.OMNIA_CLIENT_SECRET ?? ${literal(c.clientSecret)};
const REDIRECT_URI = process.env.OMNIA_REDIRECT_URI ?? ${literal(c.redirectUri)};
const SCOPE = ${literal(EXAMPLE_SCOPE)};

// state -> PKCE code_verifier of sign-ins in progress (use your session store in production).
const pending = new Map();
const random = () => randomBytes(32).toString('base64url');

// POST /oauth2/token, form-encoded, with the client's credentials.
async function tokenRequest(params) {
  const response = await fetch(OMNIA_URL + '/oauth2/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...params }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error + ': ' + (body.error_description ?? ''));
  return body; // { access_token, refresh_token, id_token, token_type, expires_in, scope }
}

export function exchangeCode(code, codeVerifier) {
  return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: codeVerifier });
}

export function refreshTokens(refreshToken) {
  return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
}

export async function getUserInfo(accessToken) {
  const response = await fetch(OMNIA_URL + '/oauth2/userinfo', {
    headers: { Authorization: 'Bearer ' + accessToken },
  });
  if (!response.ok) throw new Error('userinfo failed with HTTP ' + response.status);
  return response.json(); // { sub, email, email_verified, name, preferred_username, picture }
}

export async function revokeToken(token, tokenTypeHint = 'refresh_token') {
  const response = await fetch(OMNIA_URL + '/oauth2/revoke', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      token,
      token_type_hint: tokenTypeHint,
    }),
  });
  if (!response.ok) throw new Error('revoke failed with HTTP ' + response.status);
}

const callbackPath = new URL(REDIRECT_URI).pathname;

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', REDIRECT_URI);
  const send = (status, body, type = 'text/plain') => {
    res.writeHead(status, { 'Content-Type': type + '; charset=utf-8' });
    res.end(body);
  };

  if (url.pathname === '/login') {
    const state = random();
    const codeVerifier = random();
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    pending.set(state, codeVerifier);
    const authorize = new URL(OMNIA_URL + '/oauth2/authorize');
    authorize.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: SCOPE,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    }).toString();
    res.writeHead(302, { Location: authorize.href });
    res.end();
    return;
  }

  if (url.pathname === callbackPath) {
    const state = url.searchParams.get('state') ?? '';
    const codeVerifier = pending.get(state);
    pending.delete(state);
    if (!codeVerifier) return send(400, 'Unknown or reused state');
    const error = url.searchParams.get('error');
    if (error) return send(403, 'Sign-in cancelled: ' + error);
    try {
      const tokens = await exchangeCode(url.searchParams.get('code') ?? '', codeVerifier);
      const user = await getUserInfo(tokens.access_token);
      // Keep tokens.refresh_token server-side; call refreshTokens() when the access token expires.
      return send(200, JSON.stringify(user, null, 2), 'application/json');
    } catch (err) {
      return send(502, 'Sign-in failed: ' + err.message);
    }
  }

  send(404, 'Not found');
});

const port = Number(new URL(REDIRECT_URI).port || 80);
server.listen(port, () => console.log('Listening: open http://localhost:' + port + '/login'));
`;
}
