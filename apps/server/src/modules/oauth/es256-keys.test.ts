import { importJWK, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { withEs256Keys } from './es256-keys';

const rsa = (kid: string, ops?: string[]) => ({
  kty: 'RSA',
  kid,
  n: 'n',
  e: 'AQAB',
  ...(ops ? { key_ops: ops } : {}),
});

describe('ES256 companions of the signing keys', () => {
  it('one per RSA key, the same for the same secret and kid, another for another', () => {
    const keys = withEs256Keys([rsa('a'), rsa('b', ['verify'])], 'secret-one');
    expect(keys.map((k) => k.kid)).toEqual(['a', 'b', 'a-es256', 'b-es256']);
    expect(keys[3]?.key_ops).toEqual(['verify']);
    expect(keys[2]?.key_ops).toBeUndefined();
    const again = withEs256Keys([rsa('a')], 'secret-one');
    expect(again[1]).toEqual(keys[2]);
    expect(withEs256Keys([rsa('a')], 'secret-two')[1]?.d).not.toBe(keys[2]?.d);
    expect(keys[3]?.d).not.toBe(keys[2]?.d);
  });

  it('signs ES256 tokens its public half verifies', async () => {
    const [, companion] = withEs256Keys([rsa('k')], 'secret');
    if (!companion) throw new Error('no companion');
    const { d: _private, ...publicHalf } = companion;
    const jwt = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: companion.kid })
      .sign(await importJWK(companion, 'ES256'));
    const { payload } = await jwtVerify(jwt, await importJWK(publicHalf, 'ES256'));
    expect(payload.sub).toBe('x');
  });
});
