/// <reference types="node" />
// The last step of `npm run build`: writes the public screens, rendered by the server-side build
// (dist-ssr/entry-server.js), into the browser's build, one HTML file per screen and language,
// plus the router's paths for the server (see docs/architecture.md, "Serving").
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, PRODUCT_NAME } from '@omnia/contracts/constants';
import {
  NOT_FOUND_PAGE,
  PRERENDERED_ROUTES,
  prerenderedFile,
  WEB_ROUTES_FILE,
  type WebRoutesManifest,
} from '@omnia/contracts/web-routes';

type ServerEntry = typeof import('../src/entry-server');
interface ManifestChunk {
  file: string;
  imports?: string[];
}

const app = join(import.meta.dirname, '..');
const dist = join(app, 'dist');
/** Any path no route matches renders the not-found page. */
const UNKNOWN_PATH = '/__not-found__';

const entry = (await import(pathToFileURL(join(app, 'dist-ssr/entry-server.js')).href)) as ServerEntry;
const template = await readFile(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** A chunk and every chunk it imports statically, by manifest key. */
function chunkFiles(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
  return into;
}

/**
 * What the browser needs to hydrate a screen beyond index.html's own scripts: the screen's chunks
 * and its language's catalogues (English's too, the fallback). Preloaded, so they download with
 * the entry instead of after it.
 */
function preloadsFor(components: string[], language: string): string[] {
  const files = new Set<string>();
  const keys = Object.keys(manifest);
  // The layouts are in the entry chunk; the screen itself is a lazy chunk named after its file.
  const screens = components.flatMap((name) => keys.filter((k) => k.endsWith(`/${name}.tsx`)));
  if (screens.length === 0) console.warn(`prerender: no chunk found for ${components.join(', ')}`);
  for (const key of screens) chunkFiles(key, files);
  // vite.config.ts groups each language's catalogues in one chunk, 'locale-<language>'.
  for (const lng of new Set(['en', language])) {
    const key = keys.find((k) => manifest[k]?.file.startsWith(`assets/locale-${lng}-`));
    if (key) chunkFiles(key, files);
    else console.warn(`prerender: no catalogue chunk found for ${lng}`);
  }
  return [...files].filter((file) => !template.includes(`/${file}"`));
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The entry script and the chunks index.html preloads, as Vite wrote them. */
const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A screen's page: index.html with the screen in #root and <html lang>. The app's script and its
 * chunks are no longer in the HTML: public/load-app.js requests them once the page has painted
 * (the page needs no script to paint; index.html, which paints nothing without it, keeps them).
 */
function page(html: string, language: string, preloads: string[], title: string | undefined): string {
  if (/<script\b/i.test(html))
    throw new Error('a pre-rendered screen holds a <script> (the CSP forbids inline script)');
  const entry = ENTRY.exec(template)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry script');
  const chunks = [
    ...[...template.matchAll(PRELOAD)].map((m) => m[1] as string),
    ...preloads.map((f) => `/${f}`),
  ];
  const loader = `\n    <script src="/load-app.js" data-entry="${entry}" data-preload="${chunks.join(' ')}" async></script>`;
  const steps: [RegExp, string][] = [
    [/<html lang="[^"]*"/, `<html lang="${language}"`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(title ?? PRODUCT_NAME)}</title>`],
    [/<div id="root"><\/div>/, `<div id="root">${html}</div>`],
    [PRELOAD, ''],
    [ENTRY, loader],
  ];
  return steps.reduce((out, [pattern, replacement]) => {
    if (!pattern.test(out)) throw new Error(`dist/index.html has no ${pattern.source}`);
    pattern.lastIndex = 0;
    return out.replace(pattern, () => replacement);
  }, template);
}

const started = Date.now();
const routes: WebRoutesManifest = { routes: entry.webRoutes() };
await writeFile(join(dist, WEB_ROUTES_FILE), `${JSON.stringify(routes, null, 2)}\n`);
let written = 0;
for (const language of LANGUAGES) {
  for (const route of [...PRERENDERED_ROUTES, NOT_FOUND_PAGE]) {
    const { html, components, title } = await entry.renderScreen(
      route === NOT_FOUND_PAGE ? UNKNOWN_PATH : route,
      language,
    );
    const file = join(dist, prerenderedFile(route, language));
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, page(html, language, preloadsFor(components, language), title));
    written++;
  }
}
console.log(
  `prerender: ${written} pages in ${LANGUAGES.length} languages, ${routes.routes.length} routes listed (${Date.now() - started} ms)`,
);
