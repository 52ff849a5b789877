import { EXAMPLE_REDIRECT_URI, EXAMPLE_SCOPE, endpointUrls } from './examples/config';

/** The short request snippets of the Auth Flow and Endpoints tabs, on this deployment's URLs. */
export function flowSnippets(origin: string) {
  const url = endpointUrls(origin);
  const redirect = encodeURIComponent(EXAMPLE_REDIRECT_URI);
  const scope = encodeURIComponent(EXAMPLE_SCOPE);
  return {
    pkce: `import { createHash, randomBytes } from 'node:crypto';

const state = randomBytes(32).toString('base64url');
const codeVerifier = randomBytes(32).toString('base64url');
const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');`,
    authorize: `${url.authorize}?client_id=YOUR_CLIENT_ID
  &redirect_uri=${redirect}
  &response_type=code
  &scope=${scope}
  &state=STATE
  &code_challenge=CODE_CHALLENGE
  &code_challenge_method=S256`,
    callback: `${EXAMPLE_REDIRECT_URI}?code=AUTHORIZATION_CODE&state=STATE&iss=${encodeURIComponent(origin)}

${EXAMPLE_REDIRECT_URI}?error=access_denied&error_description=...&state=STATE`,
    token: `curl -X POST ${url.token} \\
  -d grant_type=authorization_code \\
  -d client_id=YOUR_CLIENT_ID \\
  -d client_secret=YOUR_CLIENT_SECRET \\
  -d code=AUTHORIZATION_CODE \\
  -d redirect_uri=${EXAMPLE_REDIRECT_URI} \\
  -d code_verifier=CODE_VERIFIER`,
    tokenResponse: `{
  "access_token": "...",
  "refresh_token": "...",
  "id_token": "...",
  "token_type": "Bearer",
  "expires_in": 3600,
  "scope": "${EXAMPLE_SCOPE}"
}`,
    userinfo: `curl ${url.userinfo} \\
  -H "Authorization: Bearer ACCESS_TOKEN"`,
    userinfoResponse: `{
  "sub": "7f3c2a9e-...",
  "email": "ada@example.com",
  "email_verified": true,
  "name": "Ada Lovelace",
  "preferred_username": "ada",
  "picture": "https://..."
}`,
    refresh: `curl -X POST ${url.token} \\
  -d grant_type=refresh_token \\
  -d client_id=YOUR_CLIENT_ID \\
  -d client_secret=YOUR_CLIENT_SECRET \\
  -d refresh_token=REFRESH_TOKEN`,
    revoke: `curl -X POST ${url.revoke} \\
  -d client_id=YOUR_CLIENT_ID \\
  -d client_secret=YOUR_CLIENT_SECRET \\
  -d token=REFRESH_TOKEN \\
  -d token_type_hint=refresh_token`,
    discovery: `${url.discovery}
${url.jwks}`,
  };
}
