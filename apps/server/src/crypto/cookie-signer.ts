import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/** What the engine's cookies (Koa's `cookies`) sign with: keygrip's interface. */
export interface CookieSigner {
  sign(data: string): string;
  verify(data: string, digest: string): boolean;
  /** Which key signed `digest` (0 is the current one), or -1. */
  index(data: string, digest: string): number;
}

/**
 * The OAuth engine's cookie signatures, the same as keygrip's defaults (HMAC-SHA1, base64url), so
 * cookies signed before stay valid. Its keys are KeyObjects made once, and a signature is compared
 * with timingSafeEqual: on Node 24 an HMAC keyed with a Buffer costs about six times one keyed with
 * a KeyObject, and keygrip's comparison keys two HMACs with fresh random bytes on every cookie read.
 */
export function createCookieSigner(keys: readonly string[]): CookieSigner {
  if (!keys.length) throw new Error('cookie signer: no keys');
  const keyObjects: KeyObject[] = keys.map((key) => createSecretKey(Buffer.from(key, 'utf8')));
  const sign = (data: string, key: KeyObject) => createHmac('sha1', key).update(data).digest('base64url');
  const index = (data: string, digest: string) => {
    const presented = Buffer.from(String(digest));
    for (let i = 0; i < keyObjects.length; i++) {
      const expected = Buffer.from(sign(String(data), keyObjects[i] as KeyObject));
      // A signature's length is public (it is fixed); its bytes are compared in constant time.
      if (presented.length === expected.length && timingSafeEqual(presented, expected)) return i;
    }
    return -1;
  };
  return {
    sign: (data) => sign(String(data), keyObjects[0] as KeyObject),
    verify: (data, digest) => index(data, digest) > -1,
    index,
  };
}
