import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface RouteBundle {
  route: string;
  /** gzip bytes (level 9, as the server serves them). */
  js: number;
  css: number;
  files: string[];
}

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/**
 * What a route loads on a cold visit: index.html's entry script, modulepreloads and stylesheets,
 * plus the route's lazy chunk and the dependencies Vite lists for it (__vite__mapDeps in the entry).
 */
export function routeBundle(distDir: string, route: string, chunk: string | undefined): RouteBundle {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g))
    if (m[1]) files.add(m[1]);
  const entry = [...files].find((f) => /\/index-[\w-]+\.js$/.test(f));
  if (chunk && entry) {
    const source = readFileSync(join(distDir, entry), 'utf8');
    const deps = [...(source.match(/m\.f=\[([^\]]*)\]/)?.[1]?.matchAll(/["'`]([^"'`]+)["'`]/g) ?? [])].map(
      (m) => m[1] ?? '',
    );
    const lazy = new RegExp(
      `import\\(["'\`]\\./(${chunk}-[\\w-]+\\.js)["'\`]\\)[^]{0,200}?__vite__mapDeps\\(\\[([\\d,]+)\\]\\)`,
    );
    const found = source.match(lazy);
    if (found?.[1]) files.add(`assets/${found[1]}`);
    for (const i of found?.[2]?.split(',') ?? []) {
      const dep = deps[Number(i)];
      if (dep) files.add(dep);
    }
  }
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += gz(join(distDir, file));
    else if (file.endsWith('.css')) css += gz(join(distDir, file));
  }
  return { route, js, css, files: [...files] };
}

export interface Cost {
  name: string;
  /** gzip bytes (level 9, as served); a package's share of a chunk is by its minified bytes. */
  gzip: number;
  /** minified bytes. */
  raw: number;
}
export interface JsCosts {
  total: Cost;
  chunks: Cost[];
  packages: Cost[];
}

/** 'node_modules/@tanstack/query-core/build/…' → '@tanstack/query-core'; our own code by folder. */
function packageOf(moduleId: string): string {
  if (!moduleId.includes('/')) return moduleId;
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId);
  if (inPackage?.[1]) return inPackage[1];
  const language = /\.(en|es|fr|de)\.ts$/.exec(moduleId)?.[1];
  if (language) return `translations (${language})`;
  if (/(^|\/)packages\/contracts\//.test(moduleId)) return '@omnia/contracts';
  const own = /(?:^|\/)apps\/web\/src\/(features\/[^/]+|[^/]+)/.exec(moduleId);
  if (own?.[1]) return `app: ${own[1].replace(/\.tsx?$/, '')}`;
  return 'bundler runtime';
}

/**
 * What some built JavaScript files cost, per file and per package: dist/.vite/modules.json (written
 * by the web build, apps/web/scripts/bundle-stats.ts) says how many minified bytes each source
 * module puts in each chunk; a chunk's gzip size is shared among its modules in that proportion.
 */
export function jsCosts(distDir: string, files: string[]): JsCosts {
  const statsFile = join(distDir, '.vite/modules.json');
  // A build without the file (an older checkout) is weighed per file only.
  const stats = (existsSync(statsFile) ? JSON.parse(readFileSync(statsFile, 'utf8')) : {}) as Record<
    string,
    Record<string, number>
  >;
  const chunks: Cost[] = [];
  const packages = new Map<string, Cost>();
  for (const file of files) {
    const code = readFileSync(join(distDir, file));
    const gzip = gzipSync(code, { level: 9 }).length;
    chunks.push({ name: file, gzip, raw: code.length });
    // A file of public/ (theme-init.js) is no chunk: it counts as itself.
    const modules = Object.entries(stats[file] ?? { [file]: code.length });
    const rendered = modules.reduce((sum, [, bytes]) => sum + bytes, 0);
    for (const [id, bytes] of modules) {
      const name = packageOf(id);
      const cost = packages.get(name) ?? { name, gzip: 0, raw: 0 };
      cost.raw += bytes;
      cost.gzip += rendered > 0 ? (gzip * bytes) / rendered : 0;
      packages.set(name, cost);
    }
  }
  const byGzip = (a: Cost, b: Cost) => b.gzip - a.gzip;
  const sum = (key: 'gzip' | 'raw') => chunks.reduce((total, c) => total + c[key], 0);
  return {
    total: { name: 'total', gzip: sum('gzip'), raw: sum('raw') },
    chunks: chunks.sort(byGzip),
    packages: [...packages.values()].map((c) => ({ ...c, gzip: Math.round(c.gzip) })).sort(byGzip),
  };
}
