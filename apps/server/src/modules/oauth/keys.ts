import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration } from 'oidc-provider';
import { createSecretBox } from '../../crypto/secret-box';
import { getOrCreateServerKey } from '../../crypto/server-keys';
import type { Db } from '../../db/connect';

export interface EngineKeys {
  jwks: NonNullable<Configuration['jwks']>;
  cookieKeys: string[];
}

/**
 * The engine's id_token signing key and cookie keys: generated on first start, stored sealed in
 * server_keys, so every instance signs and verifies with the same ones.
 */
export async function loadEngineKeys(db: Db, secretKey: string): Promise<EngineKeys> {
  const box = createSecretBox(secretKey, 'server-keys');
  const jwk = await getOrCreateServerKey(db, box, 'oidc-signing-rs256', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const exported = await exportJWK(privateKey);
    return JSON.stringify({ ...exported, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') });
  });
  const cookies = await getOrCreateServerKey(db, box, 'oidc-cookie-keys', async () =>
    JSON.stringify([randomBytes(32).toString('base64url')]),
  );
  return { jwks: { keys: [JSON.parse(jwk)] }, cookieKeys: JSON.parse(cookies) as string[] };
}
