import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  canonicalPath,
  NOT_FOUND_PAGE,
  negotiateLanguage,
  PRERENDERED_ROUTES,
  prerenderedFile,
  WEB_ROUTES_FILE,
  type WebRoutesManifest,
  webRouteMatcher,
} from '@omnia/contracts/web-routes';
import type { Context, MiddlewareHandler } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths the SPA fallback must never answer: they belong to the API or the engine. (The engine's
 * /oauth2/* never reaches the app; /oauth2/consent/* is the consent screen, a client route.)
 */
const SERVER_PREFIXES = ['/api/', '/.well-known/', '/storage/', '/dev/'];
const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
const PRERENDERED = new Set(PRERENDERED_ROUTES);

/**
 * Serves the built web app: hashed files under /assets cached for a year, other files briefly
 * (never a dot-directory such as the build's .vite/). A GET of one of the app's routes gets its
 * pre-rendered page when the build wrote one (the exact path, no query; in the language of
 * Accept-Language), else index.html, whose script renders the route. Any other path is answered
 * 404 with the pre-rendered not-found page: the build lists the router's paths in WEB_ROUTES_FILE
 * (a build without that list serves index.html for every path, as a plain SPA would).
 */
export function staticSpa(distDir: string): MiddlewareHandler {
  // Built files never change while the server runs: keep each one, and its gzip form, in memory.
  const cache = new Map<string, { raw: Buffer; gzip: Buffer | null }>();
  const read = async (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const raw = await readFile(file);
      const compressible = /\.(html|js|mjs|css|svg|json|txt|webmanifest)$/.test(file) && raw.length > 1024;
      entry = { raw, gzip: compressible ? gzipSync(raw, { level: 9 }) : null };
      cache.set(file, entry);
    }
    return entry;
  };
  const send = async (
    c: Context,
    file: string,
    headers: Record<string, string>,
    { status = 200, vary = 'Accept-Encoding' }: { status?: 200 | 404; vary?: string } = {},
  ) => {
    const { raw, gzip } = await read(file);
    const wantsGzip = gzip !== null && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    return c.body(new Uint8Array(wantsGzip ? gzip : raw), status, {
      ...headers,
      Vary: vary,
      ...(wantsGzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  };
  const indexFile = join(distDir, 'index.html');
  const html = { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' };
  // What the build wrote does not change while the server runs (once index.html is there): looked up once.
  const present = new Map<string, boolean>();
  const exists = (file: string) => {
    let known = present.get(file);
    if (known === undefined) {
      known = existsSync(file);
      present.set(file, known);
    }
    return known;
  };
  let isWebRoute: ((path: string) => boolean) | null | undefined;
  const webRoutes = async () => {
    if (isWebRoute === undefined) {
      const listed = await readFile(join(distDir, WEB_ROUTES_FILE), 'utf8').then(
        (text) => (JSON.parse(text) as WebRoutesManifest).routes,
        () => null,
      );
      isWebRoute = listed ? webRouteMatcher(listed) : null;
    }
    return isWebRoute;
  };
  /** The pre-rendered page of `route` in the visitor's language, if the build wrote it. */
  const prerendered = (c: Context, route: string) => {
    const file = join(distDir, prerenderedFile(route, negotiateLanguage(c.req.header('accept-language'))));
    return exists(file) ? file : null;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = decodeURIComponentSafe(c.req.path);
    if (path === null || isServerPath(path)) return next();

    const candidate = normalize(join(distDir, path));
    if (candidate.startsWith(distDir + sep) && extname(candidate) && !path.includes('/.')) {
      const info = await stat(candidate).catch(() => null);
      if (info?.isFile()) {
        return send(c, candidate, {
          'Content-Type': TYPES[extname(candidate)] ?? 'application/octet-stream',
          'Cache-Control': path.startsWith('/assets/') ? IMMUTABLE : 'public, max-age=300',
        });
      }
      // A missing asset is a 404, not the app shell (a stale hashed file must fail loudly).
      if (path.startsWith('/assets/')) return c.text('Not found', 404);
    }
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    // A pre-rendered page differs by language: caches must key it by Accept-Language too.
    const byLanguage = 'Accept-Encoding, Accept-Language';
    const isRoute = await webRoutes();
    if (isRoute && !isRoute(path)) {
      const page = prerendered(c, NOT_FOUND_PAGE);
      return send(c, page ?? indexFile, html, { status: 404, vary: byLanguage });
    }
    const route = canonicalPath(path);
    const page = PRERENDERED.has(route) && !c.req.url.includes('?') ? prerendered(c, route) : null;
    if (page) return send(c, page, html, { vary: byLanguage });
    return send(c, indexFile, html);
  };
}

function decodeURIComponentSafe(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
