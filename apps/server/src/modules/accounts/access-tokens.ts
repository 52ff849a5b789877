import { ACCESS_TOKEN_TTL_S } from '@omnia/contracts';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import type { Kysely } from 'kysely';
import { createSecretBox } from '../../crypto/secret-box';
import { getOrCreateServerKey } from '../../crypto/server-keys';
import type { CryptoTables } from '../../crypto/tables';

const ALG = 'ES256';
const KEY_NAME = 'access-token-signing-key';
const AUDIENCE = 'omnia-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  emailConfirmed: boolean;
}

export interface IssuedAccessToken {
  token: string;
  expiresIn: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

type Keys = { privateKey: CryptoKey; publicKey: CryptoKey; kid: string };

/**
 * Signs and checks the API access tokens (ES256 JWTs). The key pair is created on first use and kept
 * encrypted in the database so every instance signs with the same key.
 */
export function createAccessTokens(deps: {
  db: Kysely<CryptoTables>;
  secretKey: string;
  issuer: string;
  ttlSeconds?: number;
  now?: () => number;
}) {
  const ttl = deps.ttlSeconds ?? ACCESS_TOKEN_TTL_S;
  const now = deps.now ?? Date.now;
  const box = createSecretBox(deps.secretKey, 'server-keys');
  let keys: Promise<Keys> | undefined;

  const loadKeys = async (): Promise<Keys> => {
    const stored = await getOrCreateServerKey(deps.db, box, KEY_NAME, async () => {
      const pair = await generateKeyPair(ALG, { extractable: true });
      return JSON.stringify(await exportJWK(pair.privateKey));
    });
    const jwk = JSON.parse(stored) as JWK;
    const { d: _private, ...publicJwk } = jwk;
    return {
      privateKey: (await importJWK(jwk, ALG)) as CryptoKey,
      publicKey: (await importJWK(publicJwk, ALG)) as CryptoKey,
      kid: await calculateJwkThumbprint(publicJwk),
    };
  };
  const getKeys = () => {
    keys ??= loadKeys().catch((err: unknown) => {
      keys = undefined; // a database hiccup must not poison the cache
      throw err;
    });
    return keys;
  };

  return {
    async issue(claims: AccessClaims): Promise<IssuedAccessToken> {
      const { privateKey, kid } = await getKeys();
      const iat = Math.floor(now() / 1000);
      const token = await new SignJWT({ sid: claims.sessionId, email_confirmed: claims.emailConfirmed })
        .setProtectedHeader({ alg: ALG, kid, typ: 'at+jwt' })
        .setSubject(claims.userId)
        .setIssuer(deps.issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttl)
        .sign(privateKey);
      return { token, expiresIn: ttl, expiresAt: iat + ttl };
    },
    /** Returns the claims of a valid token, or undefined (bad signature, expired, wrong shape). */
    async verify(token: string): Promise<AccessClaims | undefined> {
      const { publicKey } = await getKeys();
      try {
        const { payload } = await jwtVerify(token, publicKey, {
          algorithms: [ALG],
          issuer: deps.issuer,
          audience: AUDIENCE,
          typ: 'at+jwt',
          currentDate: new Date(now()),
        });
        const { sub, sid, email_confirmed } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof email_confirmed !== 'boolean') {
          return undefined;
        }
        return { userId: sub, sessionId: sid, emailConfirmed: email_confirmed };
      } catch {
        return undefined;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
