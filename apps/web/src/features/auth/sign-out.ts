/** The engine's logout confirmation (oidc-provider's end_session_confirm, under /oauth2). */
const CONFIRM = '/oauth2/logout/confirm';

/**
 * Answers the engine's logout question; returns where the browser goes next (the application's
 * post-logout URI or our signed-out page), or undefined when the request has expired. Asked for
 * JSON: a form post could not follow the engine's redirect to the application under our CSP.
 */
export async function confirmSignOut(xsrf: string, logout: boolean): Promise<string | undefined> {
  const body = new URLSearchParams({ xsrf });
  if (logout) body.set('logout', 'yes');
  try {
    const res = await fetch(CONFIRM, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      credentials: 'same-origin',
    });
    if (!res.ok) return undefined;
    const { redirect_to } = (await res.json()) as { redirect_to?: unknown };
    return typeof redirect_to === 'string' ? redirect_to : undefined;
  } catch {
    return undefined;
  }
}
