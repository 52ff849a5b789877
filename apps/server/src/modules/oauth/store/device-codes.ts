import { createHash } from 'node:crypto';
import type { AdapterPayload } from 'oidc-provider';
import type { SecretBox } from '../../../crypto/secret-box';

/*
 * A device code (RFC 8628) is stored like every credential, under a hash of its value, and the
 * engine also looks it up by the user code the person types. Neither is kept in the clear: the
 * row's uid column holds a hash of the user code (the look-up), and the payload both codes sealed
 * with SECRET_KEY, because the engine needs the device code back after a look-up by user code,
 * and the consent screen shows the user code. A copy of the table thus yields neither a code to
 * poll with nor one to type.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The uid column of a device code: a hash of its (normalized) user code. */
export const userCodeKey = (userCode: string) => sha256(`user-code:${userCode}`);

interface Sealed {
  sealedJti?: string;
  sealedUserCode?: string;
}

/** What is written for a device code: the payload with its codes sealed, and the look-up key. */
export function sealDeviceCode(
  box: SecretBox,
  id: string,
  stored: Record<string, unknown>,
): { payload: Record<string, unknown>; uid: string | null } {
  const { userCode, ...rest } = stored;
  if (typeof userCode !== 'string') return { payload: { ...rest, sealedJti: box.seal(id) }, uid: null };
  return {
    payload: { ...rest, sealedJti: box.seal(id), sealedUserCode: box.seal(userCode) },
    uid: userCodeKey(userCode),
  };
}

/** A stored device code as the engine wants it: with both codes back (`jti` when it was found by it). */
export function openDeviceCode(box: SecretBox, payload: AdapterPayload, jti?: string): AdapterPayload {
  const { sealedJti, sealedUserCode, ...rest } = payload as AdapterPayload & Sealed;
  return {
    ...rest,
    ...(sealedUserCode ? { userCode: box.open(sealedUserCode) } : {}),
    jti: jti ?? (sealedJti ? box.open(sealedJti) : undefined),
  };
}
