import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** AES-256-GCM; returns `v1.<iv>.<ciphertext>.<tag>` in base64url. */
  seal(plaintext: string): string;
  /** Throws if the box was tampered with or sealed under another key or purpose. */
  open(sealed: string): string;
}

/**
 * Encryption at rest with a key derived from SECRET_KEY by HKDF-SHA256. `purpose` separates keys
 * (a box sealed for one purpose does not open under another).
 */
export function createSecretBox(secretKey: string, purpose: string): SecretBox {
  // A KeyObject made once, not a Buffer prepared again on every use (crypto/cookie-signer.ts).
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', secretKey, 'omnia-secret-box', `omnia:${purpose}`, 32)),
  );
  const aad = Buffer.from(`${VERSION}:${purpose}`);
  return {
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, body, tag]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, ivText, bodyText, tagText, ...rest] = sealed.split('.');
      if (version !== VERSION || ivText === undefined || bodyText === undefined || !tagText || rest.length) {
        throw new Error('secret box: unknown format');
      }
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('secret box: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(bodyText, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
