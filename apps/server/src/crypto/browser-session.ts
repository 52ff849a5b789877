import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';
import { cookiePart } from '../http/cookies';
import { isUuid } from '../ids';
import { safeEqual } from './tokens';

/*
 * The browser-session cookie (http/cookies.ts, `browserSession`) tells the OAuth engine which Omnia
 * session this browser holds (SameSite=Lax so it comes with a relying party's redirect,
 * httpOnly). The refresh cookie cannot: it is SameSite=Strict. The value is signed, so it names
 * only a session the server handed to this browser; whether that session is still live is read
 * from the database on every use.
 */

export interface BrowserSession {
  sessionId: string;
  userId: string;
}

export function createBrowserSessionSigner(secretKey: string) {
  // A KeyObject: on Node 24 an HMAC keyed with a Buffer costs about six times as much (cookie-signer.ts).
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', secretKey, 'omnia-browser-session', 'omnia:browser-session', 32)),
  );
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    sign({ sessionId, userId }: BrowserSession): string {
      const body = `${sessionId}.${userId}`;
      return `${body}.${mac(body)}`;
    },
    /** The session a cookie value names, or undefined when it is not one we signed. */
    verify(value: string | undefined): BrowserSession | undefined {
      if (!value || value.length > 200) return undefined;
      const [sessionId = '', userId = '', tag = '', ...rest] = value.split('.');
      if (rest.length || !isUuid(sessionId) || !isUuid(userId)) return undefined;
      return safeEqual(tag, mac(`${sessionId}.${userId}`)) ? { sessionId, userId } : undefined;
    },
  };
}
export type BrowserSessionSigner = ReturnType<typeof createBrowserSessionSigner>;

/** One cookie's value from a Cookie header (the engine's requests bypass Hono's cookie helpers). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && cookiePart(part.slice(0, eq)) === name) {
      try {
        return decodeURIComponent(cookiePart(part.slice(eq + 1)));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
