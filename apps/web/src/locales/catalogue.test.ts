import { DEFAULT_LANGUAGE, LANGUAGES } from '@omnia/contracts/constants';
import { describe, expect, it } from 'vitest';
import { catalogueOf, NAMESPACES } from '@/lib/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../**/*.{en,es,fr,de}.ts', {
  eager: true,
});
const catalogues = new Map<string, Record<string, unknown>>();
for (const [path, mod] of Object.entries(files)) {
  const found = catalogueOf(path);
  if (found) catalogues.set(`${found.namespace}.${found.language}`, mod.default);
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

/** `{{name}}` placeholders, and literal `{name}` text (an API's syntax in the docs), kept in every language. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|(?<!\{)\{(\w+)\}(?!\})/g)].map((m) => m[1] ?? m[2]).sort();

describe.each(LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE))('the %s translation', (lng) => {
  it.each(NAMESPACES)('has every key of the %s namespace', (ns) => {
    const translated = catalogues.get(`${ns}.${lng}`);
    expect(translated, `missing file ${ns}.${lng}.ts`).toBeDefined();
    const english = leaves(catalogues.get(`${ns}.${DEFAULT_LANGUAGE}`));
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

it('has no catalogue of a namespace English does not have', () => {
  const orphans = [...catalogues.keys()].filter((key) => !NAMESPACES.includes(key.split('.')[0] as string));
  expect(orphans).toEqual([]);
});
