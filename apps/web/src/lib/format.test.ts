import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';

const date = new Date(2026, 10, 23, 14, 5);

describe('formatDate', () => {
  it("writes the SPEC's 'MMM d, yyyy' the way each language does", () => {
    expect(formatDate(date, 'en')).toBe('Nov 23, 2026');
    expect(formatDate(date, 'de')).toBe('23. Nov. 2026');
    expect(formatDate(date, 'fr')).toBe('23 nov. 2026');
    expect(formatDate(date, 'es')).toBe('23 nov 2026');
    // Short months (not 'November'), single-digit days without a leading zero.
    const may = new Date(2026, 4, 3);
    expect([
      formatDate(may, 'en'),
      formatDate(may, 'de'),
      formatDate(may, 'fr'),
      formatDate(may, 'es'),
    ]).toEqual(['May 3, 2026', '3. Mai 2026', '3 mai 2026', '3 may 2026']);
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
  it('is the same date plus the time in the local convention, in each language', () => {
    expect(formatDateTime(date, 'en')).toMatch(/^Nov 23, 2026,? (at )?2:05\sPM$/);
    expect(formatDateTime(date, 'de')).toMatch(/^23\. Nov\. 2026,? (um )?14:05$/);
    expect(formatDateTime(date, 'fr')).toMatch(/^23 nov\. 2026,? (à )?14:05$/);
    expect(formatDateTime(date, 'es')).toMatch(/^23 nov 2026,? 14:05$/);
    for (const lng of ['en', 'de', 'fr', 'es'])
      expect(formatDateTime(date, lng).startsWith(formatDate(date, lng))).toBe(true);
  });

  it('returns unparsable input unchanged', () => {
    expect(formatDateTime('yesterday-ish', 'fr')).toBe('yesterday-ish');
  });
});

describe('formatNumber', () => {
  it('groups digits per locale', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatNumber(12345, 'fr').replace(/\s/g, ' ')).toBe('12 345');
  });
});
