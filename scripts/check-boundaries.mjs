// Import boundaries that Biome cannot express:
// - web: a feature never imports another feature; components/ui and lib never import features or app.
// - server: routes -> service -> repo -> db. A repo never imports routes or services; a service never
//   imports routes; modules never import http/app.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(ts|tsx)$/.test(name)) files.push(path);
  }
};
walk(join(root, 'apps/web/src'));
walk(join(root, 'apps/server/src'));

const problems = [];
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const file of files) {
  const rel = relative(root, file).split(sep).join('/');
  const source = readFileSync(file, 'utf8');
  for (const m of source.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const web = rel.match(/^apps\/web\/src\/(features\/([^/]+)|components|lib)\//);
    if (web) {
      const target = spec.match(/^@\/features\/([^/]+)/);
      if (web[2] && target && target[1] !== web[2])
        problems.push(`${rel}: feature '${web[2]}' imports feature '${target[1]}'`);
      if (!web[2] && (target || spec.startsWith('@/app'))) problems.push(`${rel}: ${web[1]} imports ${spec}`);
    }
    const layer = rel.match(/^apps\/server\/src\/modules\/[^/]+\/(repo|service|routes)[^/]*\.ts$/);
    if (layer) {
      const to = spec.match(/\/(routes|service|repo)(?:\.ts)?$/)?.[1];
      if (layer[1] === 'repo' && (to === 'service' || to === 'routes'))
        problems.push(`${rel}: repo imports ${spec}`);
      if (layer[1] === 'service' && to === 'routes') problems.push(`${rel}: service imports ${spec}`);
    }
    if (rel.startsWith('apps/server/src/modules/') && /\/http\/app(\.ts)?$/.test(spec)) {
      problems.push(`${rel}: a module imports the app assembly`);
    }
  }
}
if (problems.length) {
  console.error(`Import boundary violations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`import boundaries ok (${files.length} files)`);
