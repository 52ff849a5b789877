/**
 * Whether a request came from another site. Browsers send Sec-Fetch-Site, which page script
 * cannot forge; without it, or when it says the person started the request (`none`: the address
 * bar, a bookmark, which never carries another site's Origin), the Origin, when present, must be
 * ours. Requests with neither come from non-browser clients, which hold no victim's cookies.
 */
export function isCrossSite(
  headers: { secFetchSite: string | undefined; origin: string | undefined },
  ourOrigin: string,
): boolean {
  if (headers.secFetchSite && headers.secFetchSite !== 'none') return headers.secFetchSite !== 'same-origin';
  return headers.origin !== undefined && headers.origin !== ourOrigin;
}
