import { createHmac, hkdfSync } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import { createSecretBox } from '../../../crypto/secret-box';

/*
 * A device code (RFC 8628) is stored like every credential, under a hash of its value, and the
 * engine also looks it up by the user code the person types. Neither is kept in the clear: the
 * row's uid column holds an HMAC of the user code under a key from SECRET_KEY (a plain hash of one
 * of 20^8 codes could be reversed by trying them all), and the payload both codes sealed with
 * SECRET_KEY, because the engine needs the device code back after a look-up by user code, and the
 * consent screen shows the user code. A copy of the table thus yields neither a code to poll with
 * nor one to type.
 */

interface Sealed {
  sealedJti?: string;
  sealedUserCode?: string;
}

export interface DeviceCodeSealer {
  /** The uid column of a device code: the HMAC of its (normalized) user code. */
  lookupKey(userCode: string): string;
  /** What is written for a device code: the payload with its codes sealed, and the look-up key (null keeps the stored one). */
  seal(id: string, stored: Record<string, unknown>): { payload: Record<string, unknown>; uid: string | null };
  /**
   * A stored device code as the engine wants it, with both codes back (`jti` when it was found by
   * it); undefined when they cannot be opened (sealed under another SECRET_KEY): not found.
   */
  open(payload: AdapterPayload, jti?: string): AdapterPayload | undefined;
}

export function createDeviceCodeSealer(secretKey: string): DeviceCodeSealer {
  const box = createSecretBox(secretKey, 'oauth2-device-code');
  const hmacKey = Buffer.from(hkdfSync('sha256', secretKey, 'omnia-device-code', 'omnia:user-code', 32));
  const lookupKey = (userCode: string) => createHmac('sha256', hmacKey).update(userCode).digest('base64url');
  return {
    lookupKey,
    seal(id, stored) {
      const { userCode, ...rest } = stored;
      if (typeof userCode !== 'string') return { payload: { ...rest, sealedJti: box.seal(id) }, uid: null };
      return {
        payload: { ...rest, sealedJti: box.seal(id), sealedUserCode: box.seal(userCode) },
        uid: lookupKey(userCode),
      };
    },
    open(payload, jti) {
      const { sealedJti, sealedUserCode, ...rest } = payload as AdapterPayload & Sealed;
      try {
        return {
          ...rest,
          ...(sealedUserCode ? { userCode: box.open(sealedUserCode) } : {}),
          jti: jti ?? (sealedJti ? box.open(sealedJti) : undefined),
        };
      } catch {
        return undefined;
      }
    },
  };
}
