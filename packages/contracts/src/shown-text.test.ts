import { describe, expect, it } from 'vitest';
import { createApiSchema } from './apis';
import { registerClientSchema } from './developer';
import { MESSAGES } from './messages';
import { hidesCharacters } from './shown-text';

describe('text people read on the consent screen', () => {
  it.each([
    ['a right-to-left override', 'Notes \u202eppa laiciffo ainmO'],
    ['a left-to-right isolate', 'Notes \u2066Omnia\u2069'],
    ['a right-to-left mark', 'Omnia\u200f app'],
    ['a zero-width space', 'Om\u200bnia'],
    ['a byte-order mark', '\ufeffOmnia'],
    ['a line break', 'Omnia\nofficial'],
    ['a C1 control', 'Omnia\u0085app'],
    ['Hangul fillers alone', '\u3164\u3164\u3164'],
    ['blank Braille patterns', '\u2800\u2800'],
    ['combining grapheme joiners', '\u034f\u034f'],
    ['soft hyphens', 'Go\u00adog\u00adle'],
    ['a line separator', 'Omnia\u2028official'],
    ['a hidden text in tag characters', `Alice${String.fromCodePoint(0xe0049, 0xe0047, 0xe004e)}`],
    ['tags after a black flag that never end', `\u{1f3f4}${String.fromCodePoint(0xe0067, 0xe0062)}`],
  ])('hides nothing: %s is refused', (_, text) => {
    expect(hidesCharacters(text)).toBe(true);
  });

  it('keeps what scripts and emoji need, and line breaks where lines are allowed', () => {
    expect(hidesCharacters('می\u200cخواهم')).toBe(false);
    expect(hidesCharacters('👩\u200d💻 Dev tools')).toBe(false);
    expect(hidesCharacters('שלום Omnia')).toBe(false);
    // A flag of a region (England), and an emoji with its variation selector.
    expect(
      hidesCharacters(
        `Go \u{1f3f4}${String.fromCodePoint(0xe0067, 0xe0062, 0xe0065, 0xe006e, 0xe0067, 0xe007f)}`,
      ),
    ).toBe(false);
    expect(hidesCharacters('I \u2764\ufe0f Omnia')).toBe(false);
    expect(hidesCharacters('First line\nsecond\tline', { lineBreaks: true })).toBe(false);
    expect(hidesCharacters('First line\u202e', { lineBreaks: true })).toBe(true);
  });

  it('an app’s name and description, an API’s name and scope words say so under their field', () => {
    const app = registerClientSchema.safeParse({
      name: 'Notes \u202eppa laiciffo ainmO',
      description: 'Lines\nare fine, \u2067this\u2069 is not',
      redirect_uris: ['https://a.example/cb'],
      allowed_scopes: ['profile'],
    });
    expect(app.success).toBe(false);
    const appIssues = app.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(appIssues).toContainEqual(['name', MESSAGES.textHasHiddenCharacters]);
    expect(appIssues).toContainEqual(['description', MESSAGES.textHasHiddenCharacters]);
    const api = createApiSchema.safeParse({
      name: 'Orders\u202e',
      identifier: 'https://orders.example/api',
      scopes: [{ name: 'orders:read', description: 'Read \u200border' }],
    });
    expect(api.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', MESSAGES.textHasHiddenCharacters],
      ['scopes.0.description', MESSAGES.textHasHiddenCharacters],
    ]);
  });
});
