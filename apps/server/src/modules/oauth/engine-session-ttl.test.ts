import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION_TTL, ENGINE_TTL } from './engine-constants';
import { engineSessionTtl } from './engine-session-ttl';

describe('engineSessionTtl', () => {
  const now = 1_800_000_000;
  it('gives a new signed-in session its whole lifetime', () => {
    expect(engineSessionTtl({ accountId: 'a' }, now)).toBe(ENGINE_TTL.Session);
    expect(engineSessionTtl({ accountId: 'a', iat: now }, now)).toBe(ENGINE_TTL.Session);
  });
  it('never extends a signed-in session saved again: it ends from its first save', () => {
    expect(engineSessionTtl({ accountId: 'a', iat: now - 86_400 }, now)).toBe(ENGINE_TTL.Session - 86_400);
    expect(engineSessionTtl({ accountId: 'a', iat: now - ENGINE_TTL.Session }, now)).toBe(1);
    expect(engineSessionTtl({ accountId: 'a', iat: now - 2 * ENGINE_TTL.Session }, now)).toBe(1);
  });
  it('gives a session nobody signed in to an hour from each save', () => {
    expect(engineSessionTtl({ iat: now - 86_400 }, now)).toBe(ANONYMOUS_SESSION_TTL);
  });
});
