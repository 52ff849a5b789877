import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// DESIGN: the product's name is one constant (PRODUCT_NAME), so a deployment can rename it. Every
// text a person reads takes it from there; names of code (OmniaMark, Omnia-Signature) are not texts.
const ROOTS = [
  join(import.meta.dirname, '..'),
  join(import.meta.dirname, '../../../../packages/contracts/src'),
];
const NAME = /\bOmnia\b(?![-_])/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The source without its comments (a comment may name the product) and the constant itself. */
const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^export const PRODUCT_NAME = .*$/m, '');

describe('the product name', () => {
  it('is written out in no text of the web app or the shared catalogue', () => {
    const offenders = ROOTS.flatMap((root) =>
      sourceFiles(root)
        .filter((file) => NAME.test(withoutComments(readFileSync(file, 'utf8'))))
        .map((file) => relative(root, file)),
    );
    expect(offenders).toEqual([]);
  });
});
