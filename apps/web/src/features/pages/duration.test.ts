import { describe, expect, it } from 'vitest';
import { duration, lifetime } from './duration';

describe('duration', () => {
  it('writes a length of time in each language, singular and plural', () => {
    expect(duration(30, 'day', 'en')).toBe('30 days');
    expect(duration(1, 'day', 'en')).toBe('1 day');
    expect(duration(30, 'day', 'es')).toBe('30 días');
    // French keeps the number and its unit together (a no-break space).
    expect(duration(24, 'hour', 'fr')).toBe('24\u00a0heures');
    expect(duration(1, 'day', 'de')).toBe('1 Tag');
  });
});

describe('lifetime', () => {
  it('uses the largest whole unit', () => {
    expect(lifetime(30 * 86_400, 'en')).toBe('30 days');
    expect(lifetime(86_400, 'en')).toBe('1 day');
    expect(lifetime(3600, 'en')).toBe('1 hour');
    expect(lifetime(300, 'de')).toBe('5 Minuten');
  });
});
