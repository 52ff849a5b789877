import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  BROWSER_SESSION_COOKIE,
  BROWSER_SESSION_COOKIE_PATH,
  type BrowserSession,
  type BrowserSessionSigner,
} from '../../crypto/browser-session';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { onlyCookie } from '../../http/cookies';
import { isCrossSite } from '../../http/same-origin';
import { ENGINE_SESSION_COOKIES } from '../../oidc-engine-seam';

export const REFRESH_COOKIE = 'omnia_refresh';
/** Only the auth endpoints ever receive it. */
const COOKIE_PATH = '/api/auth';

export function createRefreshCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const base = { path: COOKIE_PATH, httpOnly: true, sameSite: 'Strict', secure: opts.secure } as const;
  return {
    read: (c: Context) => onlyCookie(c, REFRESH_COOKIE),
    set: (c: Context, token: string) =>
      setCookie(c, REFRESH_COOKIE, token, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, REFRESH_COOKIE, base);
    },
  };
}
export type RefreshCookie = ReturnType<typeof createRefreshCookie>;

/**
 * The signed name of this browser's Omnia session for the OAuth engine (crypto/browser-session.ts):
 * set with every sign-in and refresh, cleared with the session, so the engine's own login session
 * is only ever used for the account signed in here.
 */
export function createBrowserSessionCookie(opts: {
  secure: boolean;
  maxAgeSeconds: number;
  signer: BrowserSessionSigner;
}) {
  const base = {
    path: BROWSER_SESSION_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: opts.secure,
  } as const;
  return {
    set: (c: Context, session: BrowserSession) =>
      setCookie(c, BROWSER_SESSION_COOKIE, opts.signer.sign(session), {
        ...base,
        maxAge: opts.maxAgeSeconds,
      }),
    // Never sent to /api/auth (its path is /oauth2), so cleared without looking.
    clear: (c: Context) => {
      deleteCookie(c, BROWSER_SESSION_COOKIE, base);
    },
  };
}
export type BrowserSessionCookie = ReturnType<typeof createBrowserSessionCookie>;
const VERIFY_COOKIE = 'omnia_verify';

/**
 * The nonce of the browser that signed up (or asked for a new link): only the verification link
 * reads it. SameSite=Lax, not Strict: the link is opened from a mail client, a top-level
 * navigation from another site, and must still carry it.
 */
export function createVerifyNonceCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const base = { path: '/api/auth/verify', httpOnly: true, sameSite: 'Lax', secure: opts.secure } as const;
  return {
    read: (c: Context) => onlyCookie(c, VERIFY_COOKIE),
    set: (c: Context, nonce: string) =>
      setCookie(c, VERIFY_COOKIE, nonce, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, VERIFY_COOKIE, base);
    },
  };
}
export type VerifyNonceCookie = ReturnType<typeof createVerifyNonceCookie>;

const TWO_STEP_COOKIE = 'omnia_two_step';

/**
 * The half-signed-in state between the password and the second step: a random token (kept hashed
 * on the server) in an httpOnly, SameSite=Strict cookie sent only to the second step's endpoints.
 */
export function createTwoStepCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const base = {
    path: '/api/auth/two-step',
    httpOnly: true,
    sameSite: 'Strict',
    secure: opts.secure,
  } as const;
  return {
    read: (c: Context) => onlyCookie(c, TWO_STEP_COOKIE),
    set: (c: Context, token: string) =>
      setCookie(c, TWO_STEP_COOKIE, token, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, TWO_STEP_COOKIE, base);
    },
  };
}
export type TwoStepCookie = ReturnType<typeof createTwoStepCookie>;

/**
 * Signing out of Omnia also ends the engine's session, so the next authorization by another
 * person in this browser never reuses the previous account.
 */
export function clearEngineSession(c: Context) {
  for (const name of ENGINE_SESSION_COOKIES) if (getCookie(c, name)) deleteCookie(c, name, { path: '/' });
}

/**
 * Refuses cross-site POSTs to the cookie-authenticated endpoints (defence in depth on top of
 * SameSite=Strict; http/same-origin.ts).
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler<AppEnv> {
  const ours = new URL(publicUrl).origin;
  return async (c, next) => {
    const headers = { secFetchSite: c.req.header('sec-fetch-site'), origin: c.req.header('origin') };
    if (c.req.method === 'POST' && isCrossSite(headers, ours))
      throw new AppError('forbidden', { messageKey: 'crossSiteRequest' });
    await next();
  };
}
