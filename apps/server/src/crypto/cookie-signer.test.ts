import { describe, expect, it } from 'vitest';
import { createCookieSigner } from './cookie-signer';

// Signatures made by keygrip 1.1 (what Koa's cookies used before) with the same keys and data.
const BY_KEYGRIP = {
  first: 'ecALh8noQ6oi8KDIrEU7ZMR44qk',
  older: 'mHCKHb77JbMqFteU3yBT54Ok5_8',
};
const DATA = '_session=abc123';

describe('the engine cookie signer', () => {
  const signer = createCookieSigner(['first-key-0123456789', 'older-key-abcdef']);

  it("signs as keygrip did, so a browser's existing cookies stay valid", () => {
    expect(signer.sign(DATA)).toBe(BY_KEYGRIP.first);
  });

  it('names the key that signed, the current one first, and an older key after it', () => {
    expect(signer.index(DATA, BY_KEYGRIP.first)).toBe(0);
    expect(signer.index(DATA, BY_KEYGRIP.older)).toBe(1);
    expect(signer.verify(DATA, BY_KEYGRIP.older)).toBe(true);
  });

  it('refuses a signature of other data, a changed or cut signature, and no signature', () => {
    expect(signer.verify('_session=abc124', BY_KEYGRIP.first)).toBe(false);
    expect(signer.index(DATA, `${BY_KEYGRIP.first.slice(0, -1)}A`)).toBe(-1);
    expect(signer.index(DATA, BY_KEYGRIP.first.slice(0, 10))).toBe(-1);
    expect(signer.index(DATA, '')).toBe(-1);
    expect(createCookieSigner(['older-key-abcdef']).verify(DATA, BY_KEYGRIP.first)).toBe(false);
  });

  it('needs a key', () => {
    expect(() => createCookieSigner([])).toThrow(/no keys/);
  });
});
