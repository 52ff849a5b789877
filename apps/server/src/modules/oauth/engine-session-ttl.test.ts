import { describe, expect, it } from 'vitest';
import { ANONYMOUS_SESSION_TTL, ENGINE_TTL } from './engine-constants';
import { engineSessionTtl } from './engine-session-ttl';

describe('engineSessionTtl', () => {
  const now = 1_800_000_000;
  const began = (secondsAgo: number) => ({ accountId: 'a', iat: now - secondsAgo });
  it('gives a new signed-in session its whole lifetime', () => {
    expect(engineSessionTtl({ accountId: 'a' }, now)).toBe(ENGINE_TTL.Session);
    expect(engineSessionTtl(began(0), now)).toBe(ENGINE_TTL.Session);
  });
  it('never extends a signed-in session saved again: it ends from its first save', () => {
    expect(engineSessionTtl(began(86_400), now)).toBe(ENGINE_TTL.Session - 86_400);
  });
  it('keeps a session saved in its last hour an interaction more, never past that hour', () => {
    expect(engineSessionTtl(began(ENGINE_TTL.Session - 3), now)).toBe(ENGINE_TTL.Interaction);
    expect(engineSessionTtl(began(ENGINE_TTL.Session), now)).toBe(ENGINE_TTL.Interaction);
    expect(engineSessionTtl(began(ENGINE_TTL.Session + 600), now)).toBe(ENGINE_TTL.Interaction - 600);
    expect(engineSessionTtl(began(ENGINE_TTL.Session + ENGINE_TTL.Interaction), now)).toBe(1);
    expect(engineSessionTtl(began(2 * ENGINE_TTL.Session), now)).toBe(1);
  });
  it('gives a session nobody signed in to an hour from each save', () => {
    expect(engineSessionTtl({ iat: now - 86_400 }, now)).toBe(ANONYMOUS_SESSION_TTL);
  });
});
