/** A query-encoded value in which '/' stays readable. */
const encode = (value: string) => encodeURIComponent(value).replace(/%2F/g, '/');

/**
 * /login?returnTo=<path and query>, plus the authorization request's login_hint (prefills the
 * e-mail) and ui_locales language (lng: the sign-in page opens in it) when it has them.
 */
export function loginHref(returnTo: string, extra: { loginHint?: string; lng?: string } = {}): string {
  let href = `/login?returnTo=${encode(returnTo)}`;
  if (extra.loginHint) href += `&login_hint=${encode(extra.loginHint)}`;
  if (extra.lng) href += `&lng=${encode(extra.lng)}`;
  return href;
}
