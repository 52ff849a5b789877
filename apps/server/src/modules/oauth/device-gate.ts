import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEVICE_PAGE } from '@omnia/contracts/device';
import { ENGINE_SESSION_COOKIES } from '../../oidc-engine-seam';
import { exceeded, type RateLimiter, type RateRule } from '../ratelimit';
import { asUserCode } from './device-pages';
import { ENGINE_ROUTES } from './engine-constants';

/**
 * Wrong codes typed at the device page, per client address (RFC 8628 §5.1): a person mistypes a
 * few; guessing one of 20^8 codes needs millions. A right code is given back (a household setting
 * up its devices is never told it typed too many wrong ones).
 */
export const DEVICE_CODE_TRIES: RateRule = { points: 10, windowSeconds: 15 * 60 };
/** Device codes asked for, per client address: a household's devices, not a flood of codes. */
export const DEVICE_CODES_ASKED: RateRule = { points: 30, windowSeconds: 15 * 60 };

/** The engine's session cookie (oidc-engine-seam.ts). */
const SESSION_COOKIE = `${ENGINE_SESSION_COOKIES[0]}=`;

type Gate =
  | { answered: true }
  | {
      answered: false;
      userCode?: string;
      /** Once the engine has answered a typed code: a refused one stays counted, a right one not. */
      settle?: (res: ServerResponse) => Promise<void>;
    };

/** The device page's codes for a typed code the engine refused (device-pages.ts). */
const WRONG_CODE = /[?&]error=(not_found|expired|used|invalid|no_code)(&|$)/;

/**
 * What the device flow's two routes answer before the engine (RFC 8628): the limits per address,
 * and the requests the engine would fail on. `userCode` is a code a verification_uri_complete
 * link carries, for the page to show typed.
 */
export function createDeviceGate(deps: {
  limiter: RateLimiter;
  rateKey: (req: IncomingMessage) => string;
  /** Whether the engine keeps a session by this id (its cookie's value). */
  sessionSaved: (id: string) => Promise<boolean>;
}) {
  /**
   * Whether this browser holds a session the engine kept: the page's form and its resume route
   * need one (without it the engine fails with a 500, oidc-engine-seam.ts item 11).
   */
  const hasSavedSession = async (req: IncomingMessage) => {
    const cookie = (req.headers.cookie ?? '')
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(SESSION_COOKIE));
    const id = cookie?.slice(SESSION_COOKIE.length) ?? '';
    return /^[\w-]{1,100}$/.test(id) && (await deps.sessionSaved(id));
  };
  const answer = (res: ServerResponse, status: number, headers: Record<string, string>, body = '') => {
    res.writeHead(status, headers);
    res.end(body);
    return { answered: true } as const;
  };
  return async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<Gate> => {
    if (path === ENGINE_ROUTES.device_authorization) {
      // The engine takes a GET here for its device pages' resume route and fails on it (a 500):
      // the endpoint is POST only (RFC 8628 §3.1), and says so (seam item 11).
      if (req.method !== 'POST' && req.method !== 'OPTIONS') {
        const body = JSON.stringify({ error: 'invalid_request', error_description: 'use POST' });
        return answer(res, 405, { Allow: 'POST', 'Content-Type': 'application/json' }, body);
      }
      if (req.method !== 'POST') return { answered: false };
      const asked = await deps.limiter.hit(`device-auth:ip:${deps.rateKey(req)}`, DEVICE_CODES_ASKED);
      if (!exceeded(asked, DEVICE_CODES_ASKED)) return { answered: false };
      const body = JSON.stringify({
        error: 'slow_down',
        error_description: 'too many device codes asked for',
      });
      const headers = { 'Content-Type': 'application/json', 'Retry-After': String(asked.resetInSeconds) };
      return answer(res, 429, headers, body);
    }
    // The engine's router answers HEAD as GET: every check below takes both alike.
    const reads = req.method === 'GET' || req.method === 'HEAD';
    // The resume route (code_verification/:uid) without the page's session: the page again.
    if (reads && path.startsWith(`${ENGINE_ROUTES.code_verification}/`))
      return (await hasSavedSession(req)) ? { answered: false } : answer(res, 303, { Location: DEVICE_PAGE });
    if (path !== ENGINE_ROUTES.code_verification) return { answered: false };
    if (req.method === 'POST') {
      // A code posted without the page's session (from elsewhere, cookies cleared or forged): the
      // engine cannot check its form token and fails (a 500); the page is shown again.
      if (!(await hasSavedSession(req))) return answer(res, 303, { Location: DEVICE_PAGE });
      // Counted before the engine looks (no more tries in flight than the budget), settled after.
      const tries = await deps.limiter.reserve([[`device-code:ip:${deps.rateKey(req)}`, DEVICE_CODE_TRIES]]);
      if (tries.granted) {
        const { slots } = tries;
        // Given back only when the engine took the code (a redirect that names no refusal):
        // a refusal, or any answer the engine failed on, stays counted.
        const settle = async (done: ServerResponse) => {
          const taken =
            done.statusCode >= 300 &&
            done.statusCode < 400 &&
            !WRONG_CODE.test(String(done.getHeader('location') ?? ''));
          await deps.limiter.settle(slots.map((slot) => ({ slot, outcome: taken ? 'refund' : 'failed' })));
        };
        return { answered: false, settle };
      }
      return answer(res, 303, {
        Location: `${DEVICE_PAGE}?${new URLSearchParams({ error: 'too_many' })}`,
        'Retry-After': String(tries.retryAfterSeconds),
      });
    }
    if (reads && url.searchParams.has('user_code')) {
      // verification_uri_complete: the engine would post the code at once, by a script of its
      // own; our page shows it typed instead, and the person sends it (device-pages.ts; seam
      // item 11).
      const userCode = asUserCode(url.searchParams.get('user_code'));
      req.url = url.pathname;
      return { answered: false, userCode };
    }
    return { answered: false };
  };
}
