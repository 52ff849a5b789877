/** Parameters of a stored authorization request that a new sign-in satisfies (dropped on restart). */
const SATISFIED_BY_NEW_SIGN_IN = new Set(['max_age']);

/**
 * The authorization request of an interaction, from the start ('Not you? Switch account'): the
 * same parameters at the authorization endpoint, without prompt=login and max_age, which the
 * switch's own sign-in satisfies.
 */
export function restartUrl(authorizationPath: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || SATISFIED_BY_NEW_SIGN_IN.has(name)) continue;
    if (name === 'prompt') {
      const kept = String(value)
        .split(' ')
        .filter((p) => p && p !== 'login');
      if (kept.length) query.set(name, kept.join(' '));
      continue;
    }
    query.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return `${authorizationPath}?${query}`;
}

/**
 * A pushed request (RFC 9126) cannot be started again from the browser: the app's credentials
 * pushed it, and an app that must push has any other request refused. For 'Switch account', the
 * app is told instead, at its redirect URI (already checked by the engine), with `login_required`
 * and the request's state and the issuer (RFC 9207), so it pushes a new request, which leads to
 * the sign-in. Undefined for a response mode this cannot answer in a redirect (form_post).
 */
export function pushedRestartRedirect(params: Record<string, unknown>, issuer: string): string | undefined {
  const mode = params.response_mode ?? 'query';
  if (typeof params.redirect_uri !== 'string' || (mode !== 'query' && mode !== 'fragment')) return undefined;
  const answer = new URLSearchParams({
    error: 'login_required',
    error_description: 'the person switched accounts; send a new authorization request',
  });
  if (typeof params.state === 'string') answer.set('state', params.state);
  answer.set('iss', issuer);
  const url = new URL(params.redirect_uri);
  if (mode === 'fragment') url.hash = answer.toString();
  else for (const [name, value] of answer) url.searchParams.append(name, value);
  return url.href;
}
