import { STORAGE_KEYS } from '@omnia/contracts/constants';

const KEY = STORAGE_KEYS.authorizeHandoff;
const LOOP_WINDOW_MS = 10_000;

/**
 * Hands an authorize query to the server's engine with a full page load. If the same query comes
 * straight back to this page (the server did not take it), it is not sent again: that would loop.
 */
export function handOffToEngine(query: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { query?: string; at?: number } | null;
    if (last?.query === query && typeof last.at === 'number' && Date.now() - last.at < LOOP_WINDOW_MS) {
      sessionStorage.removeItem(KEY);
      return false;
    }
    sessionStorage.setItem(KEY, JSON.stringify({ query, at: Date.now() }));
  } catch {
    // Storage unavailable: hand off anyway; the server normally takes the request.
  }
  window.location.assign(`/oauth2/authorize?${query}`);
  return true;
}
