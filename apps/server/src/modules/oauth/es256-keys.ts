import { createECDH, hkdfSync } from 'node:crypto';
import type { JWK } from 'jose';

/**
 * An ES256 key beside each RSA signing key, for the apps whose ID tokens must not be RS256 (the
 * FAPI 2.0 profile, §5.4: PS256, ES256 or EdDSA). It is derived from SECRET_KEY and the RSA key's
 * kid, so every instance holds the same one without storing it, and it lives and rotates with its
 * RSA key (published, signing, retired alike). One key per algorithm (RFC 8725 §3.1): the RSA key
 * stays RS256.
 */
export function withEs256Keys(keys: readonly JWK[], secretKey: string): JWK[] {
  const companions = keys
    .filter((k): k is JWK & { kid: string } => k.kty === 'RSA' && typeof k.kid === 'string')
    .map((k) => ({ ...es256Key(secretKey, k.kid), ...(k.key_ops ? { key_ops: k.key_ops } : {}) }));
  return [...keys, ...companions];
}

/** The ES256 key of one kid: a P-256 scalar from HKDF, the next one tried in the rare case it is out of range. */
function es256Key(secretKey: string, kid: string): JWK {
  for (let attempt = 0; ; attempt++) {
    const d = Buffer.from(
      hkdfSync('sha256', secretKey, `omnia-es256:${kid}`, `omnia:es256-key:${attempt}`, 32),
    );
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    return {
      kty: 'EC',
      crv: 'P-256',
      d: d.toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      kid: `${kid}-es256`,
      alg: 'ES256',
      use: 'sig',
    };
  }
}
