/**
 * The session an access token belongs to: its `sid` claim, read without checking the signature.
 * Only the tabs of one browser compare it, to tell whether a session another tab found ended is
 * the one held here; the server checks every token it is sent. Each refresh gives a new token of
 * the same session, so a tab that missed another's refresh still holds that session's id.
 */
export function sessionIdOf(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const sid = claims && typeof claims === 'object' && 'sid' in claims ? claims.sid : null;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}
