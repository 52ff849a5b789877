import { LANGUAGES } from '@omnia/contracts/constants';
import { describe, expect, it } from 'vitest';
import { namespaceOf } from '@/lib/i18n';
import { englishCatalogue } from './catalogue';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../**/*.{es,fr,de}.ts', {
  eager: true,
});
const translations = new Map<string, Record<string, unknown>>();
for (const [path, mod] of Object.entries(files)) {
  const found = namespaceOf(path);
  if (found) translations.set(`${found[0]}.${found[1]}`, mod.default);
}

/** 'a.b.c' → the leaf, for every string leaf (arrays index as 'a.0'). */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** i18next's `{{name}}` and the contracts' `{name}` (MESSAGES, filled by `format`). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|(?<!\{)\{(\w+)\}(?!\})/g)].map((m) => m[1] ?? m[2]).sort();

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s translation', (lng) => {
  it.each(Object.keys(englishCatalogue))('has every key of the %s namespace', (ns) => {
    const translated = translations.get(`${ns}.${lng}`);
    expect(translated, `missing file ${ns}.${lng}.ts`).toBeDefined();
    const english = leaves(englishCatalogue[ns]);
    const theirs = leaves(translated);
    expect([...english.keys()].filter((k) => !theirs.has(k))).toEqual([]);
    expect([...theirs.keys()].filter((k) => !english.has(k))).toEqual([]);
    for (const [key, text] of english) {
      const other = theirs.get(key) ?? '';
      expect(other.trim(), `${ns}.${lng}: ${key} is empty`).not.toBe(text.trim() === '' ? 'x' : '');
      expect(placeholders(other), `${ns}.${lng}: ${key} placeholders`).toEqual(placeholders(text));
    }
  });
});
