import type { AdapterPayload } from 'oidc-provider';
import type { RequestRows, SessionRow } from './types';

/**
 * The engine saves a browser's session at the end of every request that reads it, only to slide
 * its 14-day expiry forward. A save that changes nothing else, within this many seconds of the
 * stored expiry, is not written: the session then expires at most this much earlier than it
 * would have, and an authorization costs one statement less (docs/performance.md). Anything else
 * that changed (an account, an authorization, a new id, the Omnia session it is bound to) is
 * written as before.
 */
export const SESSION_SLIDE_SECONDS = 60;

interface SessionAsRead {
  payload: AdapterPayload;
  boundTo: string | null;
}

const keyOf = (id: string) => `SessionAsRead:${id}`;

/** Keeps a session row as this request read it, for the save that may follow. */
export function rememberSessionRead(requestRows: RequestRows, id: string, row: SessionRow): void {
  requestRows.keep(keyOf(id), { payload: row.payload, boundTo: row.s_bound_to } satisfies SessionAsRead);
}

/**
 * The same JSON value, whatever the order of its keys (jsonb keeps its own order); a key whose
 * value is undefined counts as absent, as in JSON. Compared in place: this runs on every
 * authorization, and copying both payloads to compare them was most of its cost.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameJson(item, b[i]));
  }
  return sameEntries(a as Record<string, unknown>, b as Record<string, unknown>, undefined);
}

/** Every key present (not undefined) in one is the same in the other, `except` aside. */
function sameEntries(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  except: string | undefined,
): boolean {
  let count = 0;
  const counts = (o: Record<string, unknown>, key: string) =>
    key !== except && Object.hasOwn(o, key) && o[key] !== undefined;
  for (const key in a) {
    if (!counts(a, key)) continue;
    if (!sameJson(a[key], b[key])) return false;
    count++;
  }
  for (const key in b) if (counts(b, key)) count--;
  return count === 0;
}

/**
 * True when saving `payload` (bound to `boundTo`) would only move the stored expiry forward by
 * less than SESSION_SLIDE_SECONDS. The read is used once: a second save in the same request is
 * compared with nothing and written.
 */
export function onlySlidesExpiry(
  requestRows: RequestRows,
  id: string,
  payload: AdapterPayload,
  boundTo: string | null,
): boolean {
  const read = requestRows.take<SessionAsRead>(keyOf(id));
  if (!read || read.boundTo !== boundTo) return false;
  const before = read.payload.exp;
  const after = payload.exp;
  if (typeof before !== 'number' || typeof after !== 'number') return false;
  if (after < before || after - before >= SESSION_SLIDE_SECONDS) return false;
  return sameEntries(read.payload, payload, 'exp');
}
