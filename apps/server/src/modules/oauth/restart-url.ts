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
