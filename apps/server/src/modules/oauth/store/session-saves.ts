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

/** The same JSON value, whatever the order of its keys (jsonb keeps its own order). */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.keys(value)
    .sort()
    .map((k) => [k, canonical((value as Record<string, unknown>)[k])]);
  return Object.fromEntries(entries);
}

const withoutExpiry = (payload: AdapterPayload) => JSON.stringify(canonical({ ...payload, exp: undefined }));

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
  return withoutExpiry(read.payload) === withoutExpiry(payload);
}
