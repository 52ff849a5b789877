/*
 * What Omnia relies on in oidc-provider beyond its documented configuration and API, in one
 * place. Each item says why Omnia needs it; oidc-engine-seam.test.ts reads the engine's own sources
 * and fails when one of them changes, so upgrading the engine starts with this file.
 *
 * Not listed, because they are the engine's documented API: `adapter`, `findAccount`,
 * `interactions.url`, `renderError`, `provider.use`, `provider.callback()`,
 * `interactionDetails` / `interactionResult`, `errors.*`, `provider.proxy`.
 */

/** The engine version every item below was checked against. */
export const ENGINE_CHECKED_VERSION = '9.13.3';

/**
 * 1. The engine's session cookie and its signature. Signing out of Omnia deletes them, so the next
 * authorization in a shared browser never resumes the previous person's engine session
 * (accounts/cookies.ts).
 */
export const ENGINE_SESSION_COOKIES = ['_session', '_session.sig'];

/**
 * 2. The engine's words for a code (authorization or device) or refresh token presented again. The adapter's `consume` says
 * the same when it loses a race the engine could not see (oauth/store/model-store.ts), so a lost
 * race and a replay answer alike.
 */
export const ENGINE_SINGLE_USE_ERRORS: Readonly<Record<string, string>> = {
  AuthorizationCode: 'authorization code already consumed',
  DeviceCode: 'device code already consumed',
  RefreshToken: 'refresh token already used',
};

/**
 * 3. The order of a token request: the engine consumes the presented code or refresh token before
 * it saves the tokens it issues. The adapter writes those tokens only while the consumed row is
 * still there (UPSERT_ISSUED), which needs the consumption first.
 */
export const ENGINE_CONSUMES_BEFORE_ISSUING = [
  { file: 'lib/helpers/grant_source.js', before: 'await source.consume()' },
  { file: 'lib/actions/grants/refresh_token.js', before: 'await refreshToken.consume()' },
] as const;

/**
 * 4. Request rewriting before the engine reads a request (oauth/engine.ts): with `proxy` on, the
 * engine builds every URL from `Host` and `X-Forwarded-Proto`, which Omnia pins to PUBLIC_URL; a
 * POST to the authorization endpoint is handed over as the same GET; the interaction is resumed at
 * `<authorization endpoint>/<uid>`, which the engine serves itself.
 */
export const ENGINE_RESUME_ROUTE = {
  file: 'lib/helpers/initialize_app.js',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the engine's source text, matched as written.
  text: '`${routes.authorization}/:uid`',
};

/**
 * 5. Finishing an interaction without its browser cookie. A silent authorization (`prompt=none`
 * from a browser signed in to Omnia, oauth/silent-authorization.ts) is answered in the same
 * response that created its interaction, so the interaction's cookie is not yet in a request: it
 * is found by its uid and given its result exactly as `provider.interactionResult` does.
 */
export const ENGINE_INTERACTION_RESULT = {
  file: 'lib/provider.js',
  text: [
    'interaction.result = result;',
    'await interaction.save(interaction.exp - epochTime());',
    'return interaction.returnTo;',
  ],
} as const;

/** Gives a pending interaction its result, as interactionResult would; where the browser goes next. */
export async function finishInteractionByUid(
  interactions: { find(uid: string): Promise<StoredInteraction | undefined> },
  uid: string,
  result: Record<string, unknown>,
): Promise<string | undefined> {
  const interaction = await interactions.find(uid);
  if (!interaction) return undefined;
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}

/** The parts of the engine's Interaction model finishInteractionByUid uses. */
export interface StoredInteraction {
  result?: unknown;
  exp: number;
  returnTo: string;
  save(ttl: number): Promise<unknown>;
}

/**
 * 6. Why the engine refused a grant: the `error_detail` of its InvalidGrant (for PKCE, the message
 * of its cause). The engine answers every one of them 'grant request is invalid';
 * oauth/token-errors.ts words each for the developer whose request it was.
 */
export const ENGINE_GRANT_ERROR_DETAILS = {
  missingVerifier: 'code_verifier must be provided',
  wrongVerifier: 'code_verifier does not match code_challenge',
  redirectMismatch: 'authorization code redirect_uri mismatch',
  clientMismatch: 'client mismatch',
  codeExpired: 'authorization code is expired',
  codeConsumed: 'authorization code already consumed',
  codeNotFound: 'authorization code not found',
  refreshNotFound: 'refresh token not found',
  refreshExpired: 'refresh token is expired',
  refreshUsed: 'refresh token already used',
  grantNotFound: 'grant not found',
  dpopMissing: 'DPoP proof JWT not provided',
  dpopReplayed: 'DPoP proof JWT Replay detected',
} as const;

/** The detail of a refusal the engine emitted with `grant.error`, if it has one. */
export function grantErrorDetail(err: unknown): string | undefined {
  const detail = (err as { error_detail?: unknown } | undefined)?.error_detail;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * 7. A refresh retried within seconds (oauth/store/refresh-retries.ts). The engine's refresh grant
 * checks `consumed` on the token the adapter found, then asks `rotateRefreshToken`; when that says
 * no, it neither consumes nor saves and answers with the presented token, which Omnia replaces by
 * the successor the first request issued. The adapter hands a token rotated moments ago over as
 * unused so that the rotation decides, not the engine's reuse check. The grant resolves the
 * `resource` asked for only after rotating: Omnia checks it first (oauth/refresh-target.ts), so a
 * refresh refused for it uses nothing up.
 */
export const ENGINE_REFRESH_ROTATION = {
  file: 'lib/actions/grants/refresh_token.js',
  /** In this order in the grant's source. */
  steps: [
    'if (refreshToken.consumed)',
    'await rotateRefreshToken(ctx)',
    'await refreshToken.consume()',
    'await resolveResource(',
  ],
  /** The response field: the presented value unless the token was rotated. */
  answer: 'refreshToken: refreshTokenValue',
} as const;

/**
 * 8. The engine's words when an authorization request lacks the PKCE its client requires, sent
 * back to the app's redirect URI as `error_description`. oauth/authorization-errors.ts says what
 * to do instead (for a web app, that a nonce-based app may turn 'Require PKCE' off).
 */
export const ENGINE_PKCE_REQUIRED = {
  file: 'lib/actions/authorization/sender_constraints.js',
  text: 'Authorization Server policy requires PKCE to be used for this request',
} as const;

/**
 * 9. Which key the engine signs with: of the keys it is given, one whose `key_ops` (RFC 7517
 * §4.3) allow signing. The next key and the retired ones are given with `key_ops: ['verify']`,
 * so they are published and verify, and only the active one signs (oauth/signing-keys.ts).
 */
export const ENGINE_SIGNS_BY_KEY_OPS = {
  file: 'lib/helpers/keystore.js',
  text: 'candidate = jwk.key_ops.includes(operation);',
} as const;

/**
 * 10. Where the engine's sign-out page posts its confirmation: `<end_session endpoint>/confirm`,
 * a route of its own that its configuration does not name. Omnia refuses a cross-site POST there
 * (oauth/engine.ts), so no other site can make a browser sign out.
 */
export const ENGINE_END_SESSION_CONFIRM = {
  file: 'lib/helpers/initialize_app.js',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the engine's source text, matched as written.
  text: "post('end_session_confirm', `${routes.end_session}/confirm`",
  suffix: '/confirm',
} as const;

/**
 * 11. Two requests Omnia answers before the engine (oauth/engine.ts), for what the engine would do
 * with them. A GET to the device authorization endpoint (`/oauth2/device/auth`) matches the
 * engine's device resume route `<code_verification>/:uid` and fails there with a 500: Omnia
 * answers 405, POST only (RFC 8628 §3.1). A verification link's `user_code` the engine posts at
 * once, by a form and script of its own: Omnia drops it from the request and its device page
 * shows the code typed, for the person to send.
 */
export const ENGINE_DEVICE_ROUTES = {
  resume: {
    file: 'lib/helpers/initialize_app.js',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the engine's source text, matched as written.
    text: "get('device_resume', `${routes.code_verification}/:uid`",
  },
  autoPost: {
    file: 'lib/actions/code_verification.js',
    text: ['if (ctx.oidc.params.user_code) {', 'formPost(ctx, action, {'],
  },
} as const;

/**
 * 12. A pushed authorization request (PAR, RFC 9126) as the engine stores it: its parameters are
 * the payload of an unsecured JWT (`alg: none`) in the record's `request`, which the authorization
 * endpoint reads back as if sent as a request object. A silent authorization (item 5) pushed by an
 * app carries its `prompt=none` there, not in the URL: the adapter hands the engine that record
 * without it (oauth/store/model-store.ts), as oauth/engine.ts does for the URL.
 */
export const ENGINE_PUSHED_REQUEST = {
  file: 'lib/actions/authorization/pushed_authorization_requests.js',
  text: ['request = new UnsecuredJWT(payload)', 'params.request = pushedAuthorizationRequest.request;'],
  /** The prefix of the `request_uri` the engine answers a push with. */
  urn: 'urn:ietf:params:oauth:request_uri:',
} as const;

/**
 * A stored pushed request whose parameters ask `prompt=none`, without it; undefined for any other
 * (a signed request object is never rewritten).
 */
export function pushedWithoutPromptNone<T extends { request?: unknown }>(stored: T): T | undefined {
  if (typeof stored.request !== 'string') return undefined;
  const [header = '', body = '', signature] = stored.request.split('.');
  if (signature !== '') return undefined;
  const decoded = (part: string): unknown => {
    try {
      return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
  };
  const alg = (decoded(header) as { alg?: unknown } | undefined)?.alg;
  const params = decoded(body);
  if (alg !== 'none' || typeof params !== 'object' || params === null) return undefined;
  const { prompt, ...rest } = params as Record<string, unknown>;
  if (prompt !== 'none') return undefined;
  const request = `${header}.${Buffer.from(JSON.stringify(rest)).toString('base64url')}.`;
  return { ...stored, request };
}
