/** Documentation tab prose ('{{product}}' is the product name). */
export const docs = {
  tabs: { overview: 'Overview', flow: 'Auth Flow', endpoints: 'Endpoints', examples: 'Code Examples' },
  overview: {
    title: 'Sign in with {{product}}',
    intro:
      '{{product}} is an OAuth 2.0 and OpenID Connect provider. Let people sign in to your application with their {{product}} account and, with their consent, read their profile and e-mail address.',
    stepsTitle: 'Getting started',
    step1:
      'Register your application with its name, redirect URIs and scopes. You receive a Client ID and a Client Secret.',
    step2:
      'New applications are pending until they are approved. While pending, only you (the owner) can authorize your app, so you can test it end to end.',
    step3:
      'Send users to the authorize endpoint, then exchange the returned code for tokens on your server and read the user with the userinfo endpoint.',
    scopesTitle: 'Scopes',
    scopeCol: 'Scope',
    grantsCol: 'Grants',
    claimsCol: 'Userinfo fields',
    scopeOpenid: 'Issues an ID token (OpenID Connect)',
    securityTitle: 'Requirements',
    pkce: 'PKCE with S256 is required for every authorization request, unless the app turned Require PKCE off (a confidential app that sends a nonce instead).',
    state: 'Always send a random state and check it when the user comes back.',
    exact: 'The redirect_uri must exactly match one of your registered redirect URIs.',
    secret: 'Keep the client secret on your server. Never put it in a browser or mobile app.',
    discoveryTitle: 'Discovery',
    discoveryBody: 'OpenID Connect libraries can configure themselves from the discovery document:',
  },
  flow: {
    title: 'Authorization Code flow with PKCE',
    intro: 'The flow takes one redirect to {{product}} and one server-side call back.',
    step1Title: '1. Create a state and a PKCE code verifier',
    step1Body:
      'Generate both per sign-in and keep them in the user session. The challenge is the SHA-256 of the verifier, base64url-encoded.',
    step2Title: '2. Redirect the user to the authorize endpoint',
    step2Body: 'Scopes are space-separated.',
    step3Title: '3. The user signs in and approves',
    callbackTitle: 'Redirect',
    step3Body:
      '{{product}} shows its consent screen, then redirects to your redirect URI with a one-time code and your state. If the user denies access you receive error=access_denied with your state.',
    step4Title: '4. Exchange the code for tokens',
    step4Body: 'From your server, form-encoded. Codes are single-use and expire quickly.',
    step5Title: '5. Read the signed-in user',
    step6Title: '6. Refresh the access token',
    step6Body:
      'Refresh tokens rotate: every refresh returns a new refresh token and the old one stops working.',
    step7Title: '7. Sign out: revoke the tokens',
  },
  endpoints: {
    title: 'Endpoints',
    intro:
      'All endpoints live on this deployment. Token and revoke accept the client credentials in the form body (client_secret_post) or as HTTP Basic.',
    required: 'required',
    optional: 'optional',
    response: 'Response',
    authorize: 'Starts the sign-in. Opens the consent screen in the user\u2019s browser.',
    token: 'Exchanges an authorization code, or a refresh token, for tokens.',
    tokenCode: 'grant_type=authorization_code',
    tokenRefresh: 'grant_type=refresh_token',
    userinfo: 'Returns the signed-in user\u2019s claims for the granted scopes.',
    userinfoHeader: 'Header: Authorization: Bearer {access_token}',
    revoke: 'Revokes an access or refresh token. Always answers 200.',
    discovery: 'OpenID Connect discovery document and signing keys (JWKS).',
    p: {
      client_id: 'Your Client ID',
      redirect_uri: 'One of your registered redirect URIs',
      response_type: 'Must be code',
      scope: 'Space-separated: openid profile email',
      state: 'Random value echoed back to your redirect URI',
      code_challenge: 'base64url(SHA-256(code_verifier))',
      code_challenge_method: 'Must be S256',
      client_secret: 'Your Client Secret',
      code: 'The code from the redirect',
      code_verifier: 'The PKCE verifier of this sign-in',
      refresh_token: 'The latest refresh token',
      token: 'The token to revoke',
      token_type_hint: 'access_token or refresh_token',
    },
  },
  examples: {
    title: 'Code Examples',
    intro:
      'Complete, dependency-free examples for this deployment. Fill in your Client ID and Client Secret (or set OMNIA_CLIENT_ID and OMNIA_CLIENT_SECRET) and register http://localhost:3000/callback as a redirect URI.',
    node: 'Node.js',
    python: 'Python',
    javascript: 'JavaScript',
    nodeRun: 'Save as omnia-login.mjs and run: node omnia-login.mjs, then open http://localhost:3000/login.',
    pythonRun:
      'Save as omnia_login.py and run: python3 omnia_login.py, then open http://localhost:3000/login.',
    javascriptRun:
      'An ES module of standard functions (fetch + Web Crypto) for any server-side JavaScript runtime: call createAuthorizationRequest() when the user clicks Sign in, handleCallback() on your redirect URI.',
  },
};
