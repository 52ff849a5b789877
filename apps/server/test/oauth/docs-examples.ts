import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const PLACEHOLDER = "const issuer = 'https://omnia.example';";

/**
 * Imports a code example of docs/integrators.md (the ```js block after `<!-- example: name -->`)
 * as written, with only its issuer's address (when it names one) replaced by this server's. It is written inside the
 * repository so that its imports (jose) resolve to the installed packages.
 */
export async function importDocsExample<T>(name: string, issuer: string): Promise<T> {
  const doc = readFileSync(join(repoRoot, 'docs/integrators.md'), 'utf8');
  const at = doc.indexOf(`<!-- example: ${name} -->`);
  const code = at < 0 ? undefined : /```js\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
  if (!code) throw new Error(`docs/integrators.md has no example '${name}'`);
  const dir = join(repoRoot, 'node_modules/.cache/omnia-docs-examples');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${process.pid}.mjs`);
  writeFileSync(file, code.replace(PLACEHOLDER, `const issuer = ${JSON.stringify(issuer)};`));
  return (await import(file)) as T;
}
