import { randomBytes } from 'node:crypto';

/** An API's client id at the introspection endpoint: `api_` and 24 base64url characters (144 bits). */
export function generateApiCredentialId(): string {
  return `api_${randomBytes(18).toString('base64url')}`;
}

/** An API's introspection secret: 32 random bytes, base64url; only its SHA-256 is stored. */
export function generateApiSecret(): string {
  return randomBytes(32).toString('base64url');
}
