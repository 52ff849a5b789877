import { readFileSync } from 'node:fs';
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
