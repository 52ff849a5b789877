import { randomBytes } from 'node:crypto';
import { createSecretBox } from '../../crypto/secret-box';
import { getOrCreateServerKey } from '../../crypto/server-keys';
import type { Db } from '../../db/connect';

/**
 * The engine's cookie keys: generated on first start, stored sealed in server_keys, so every
 * instance signs and verifies the same cookies. Its signing keys rotate (signing-keys.ts).
 */
export async function loadCookieKeys(db: Db, secretKey: string): Promise<string[]> {
  const box = createSecretBox(secretKey, 'server-keys');
  const cookies = await getOrCreateServerKey(db, box, 'oidc-cookie-keys', async () =>
    JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  return JSON.parse(cookies) as string[];
}
