import { randomBytes } from 'node:crypto';
import { createSecretBox, type SecretBox } from '../../crypto/secret-box';

/** The secret box purpose shared with the OAuth engine, which opens the sealed secrets it reads. */
export const CLIENT_SECRET_PURPOSE = 'oauth2-client-secret';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are dropped, so no character is favoured. */
const UNBIASED_LIMIT = 62 * 4;

const CLIENT_ID_PREFIX = 'omnia_';
const CLIENT_ID_RANDOM_CHARS = 24;
const CLIENT_SECRET_BYTES = 32;

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A public client id: `omnia_` and 24 base62 characters (about 143 bits) from the system CSPRNG. */
export function generateClientId(): string {
  return `${CLIENT_ID_PREFIX}${randomBase62(CLIENT_ID_RANDOM_CHARS)}`;
}

/** A client secret: 32 random bytes, base64url (43 characters). */
export function generateClientSecret(): string {
  return randomBytes(CLIENT_SECRET_BYTES).toString('base64url');
}

/** The box that seals client secrets at rest (AES-256-GCM under a key derived from SECRET_KEY). */
export function createClientSecretBox(secretKey: string): SecretBox {
  return createSecretBox(secretKey, CLIENT_SECRET_PURPOSE);
}
