/**
 * Whether a request came from another site. Browsers send Sec-Fetch-Site, which page script
 * cannot forge; without it the Origin, when present, must be ours. Requests with neither come from
 * non-browser clients, which hold no victim's cookies.
 */
export function isCrossSite(
  headers: { secFetchSite: string | undefined; origin: string | undefined },
  ourOrigin: string,
): boolean {
  if (headers.secFetchSite) return headers.secFetchSite !== 'same-origin' && headers.secFetchSite !== 'none';
  return headers.origin !== undefined && headers.origin !== ourOrigin;
}
