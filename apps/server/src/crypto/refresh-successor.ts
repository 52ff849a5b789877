import { createHmac, createSecretKey, hkdfSync } from 'node:crypto';

/**
 * The refresh token that follows another: derived from it with a server key (HMAC-SHA256), so a
 * retry of the same refresh within its grace gets the same successor back (an idempotent retry,
 * never a second branch of the session), without storing any token but as a hash. Unguessable
 * without both the previous token and SECRET_KEY.
 */
export function createRefreshSuccessor(secretKey: string): (token: string) => string {
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', secretKey, 'omnia-refresh-successor', 'omnia:refresh-successor', 32)),
  );
  return (token) => createHmac('sha256', key).update(token, 'utf8').digest('base64url');
}
