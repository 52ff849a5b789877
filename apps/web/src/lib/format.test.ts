import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatRelative } from './format';

const date = new Date(2026, 10, 23, 14, 5);

describe('formatDate', () => {
  it('writes the date the way each language does', () => {
    expect(formatDate(date, 'en')).toBe('Nov 23, 2026');
    expect(formatDate(date, 'de')).toBe('23. Nov. 2026');
    expect(formatDate(date, 'fr')).toBe('23 nov. 2026');
    expect(formatDate(date, 'es')).toBe('23 nov 2026');
  });

  it('accepts ISO strings and returns unparsable input unchanged', () => {
    expect(formatDate(date.toISOString(), 'en')).toBe('Nov 23, 2026');
    expect(formatDate('not a date', 'de')).toBe('not a date');
  });

  it('uses the current UI language by default (English at start)', () => {
    expect(formatDate(date)).toBe('Nov 23, 2026');
  });
});

describe('formatDateTime', () => {
  it('adds the time in the local convention', () => {
    expect(formatDateTime(date, 'en')).toMatch(/^Nov 23, 2026,? (at )?2:05\sPM$/);
    expect(formatDateTime(date, 'de')).toMatch(/^23\. Nov\. 2026,? (um )?14:05$/);
  });
});

describe('formatRelative', () => {
  const now = new Date(2026, 10, 23, 12, 0);
  it('says how long ago in each language', () => {
    const fiveMinutesAgo = new Date(now.getTime() - 5 * 60_000);
    expect(formatRelative(fiveMinutesAgo, 'en', now)).toBe('5 minutes ago');
    expect(formatRelative(fiveMinutesAgo, 'de', now)).toBe('vor 5 Minuten');
    expect(formatRelative(fiveMinutesAgo, 'fr', now)).toBe('il y a 5 minutes');
    expect(formatRelative(fiveMinutesAgo, 'es', now)).toBe('hace 5 minutos');
  });

  it('says now for under a minute and yesterday for a day', () => {
    expect(formatRelative(new Date(now.getTime() - 10_000), 'en', now)).toBe('now');
    expect(formatRelative(new Date(now.getTime() - 25 * 3600_000), 'de', now)).toBe('gestern');
  });
});

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatNumber(12345, 'fr').replace(/\s/g, ' ')).toBe('12 345');
  });
});
