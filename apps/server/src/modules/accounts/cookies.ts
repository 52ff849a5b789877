import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { BrowserSession, BrowserSessionSigner } from '../../crypto/browser-session';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { onlyCookie, ownCookie } from '../../http/cookies';
import { isCrossSite } from '../../http/same-origin';
import { ENGINE_SESSION_COOKIES } from '../../oidc-engine-seam';

/** Only the auth endpoints read it (over http, only they receive it: http/cookies.ts). */
export function createRefreshCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const { name, path } = ownCookie('refresh', opts.secure);
  const base = { path, httpOnly: true, sameSite: 'Strict', secure: opts.secure } as const;
  return {
    name,
    read: (c: Context) => onlyCookie(c, name),
    set: (c: Context, token: string) => setCookie(c, name, token, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, name, base);
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
  const { name, path } = ownCookie('browserSession', opts.secure);
  const base = { path, httpOnly: true, sameSite: 'Lax', secure: opts.secure } as const;
  return {
    set: (c: Context, session: BrowserSession) =>
      setCookie(c, name, opts.signer.sign(session), { ...base, maxAge: opts.maxAgeSeconds }),
    // Over http never sent to /api/auth (its path is /oauth2), so cleared without looking.
    clear: (c: Context) => {
      deleteCookie(c, name, base);
    },
  };
}
export type BrowserSessionCookie = ReturnType<typeof createBrowserSessionCookie>;
/**
 * The nonce of the browser that signed up (or asked for a new link): only the verification link
 * reads it. SameSite=Lax, not Strict: the link is opened from a mail client, a top-level
 * navigation from another site, and must still carry it.
 */
export function createVerifyNonceCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const { name, path } = ownCookie('verify', opts.secure);
  const base = { path, httpOnly: true, sameSite: 'Lax', secure: opts.secure } as const;
  return {
    read: (c: Context) => onlyCookie(c, name),
    set: (c: Context, nonce: string) => setCookie(c, name, nonce, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, name, base);
    },
  };
}
export type VerifyNonceCookie = ReturnType<typeof createVerifyNonceCookie>;

/**
 * The half-signed-in state between the password and the second step: a random token (kept hashed
 * on the server) in an httpOnly, SameSite=Strict cookie read only by the second step's endpoints.
 */
export function createTwoStepCookie(opts: { secure: boolean; maxAgeSeconds: number }) {
  const { name, path } = ownCookie('twoStep', opts.secure);
  const base = { path, httpOnly: true, sameSite: 'Strict', secure: opts.secure } as const;
  return {
    read: (c: Context) => onlyCookie(c, name),
    set: (c: Context, token: string) => setCookie(c, name, token, { ...base, maxAge: opts.maxAgeSeconds }),
    clear: (c: Context) => {
      deleteCookie(c, name, base);
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
