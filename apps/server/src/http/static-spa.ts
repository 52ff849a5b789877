import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

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

/**
 * Serves the built single-page app: hashed files under /assets cached for a year, other files
 * briefly, and index.html for any other GET so client routes (and the React 404) survive a reload.
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
  const send = async (c: Parameters<MiddlewareHandler>[0], file: string, headers: Record<string, string>) => {
    const { raw, gzip } = await read(file);
    const wantsGzip = gzip !== null && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    return c.body(new Uint8Array(wantsGzip ? gzip : raw), 200, {
      ...headers,
      Vary: 'Accept-Encoding',
      ...(wantsGzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
  };
  const indexFile = join(distDir, 'index.html');

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = decodeURIComponentSafe(c.req.path);
    if (path === null || SERVER_PREFIXES.some((p) => path.startsWith(p))) return next();

    const candidate = normalize(join(distDir, path));
    if (candidate.startsWith(distDir + sep) && extname(candidate)) {
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
    return send(c, indexFile, { 'Content-Type': TYPES['.html']!, 'Cache-Control': 'no-cache' });
  };
}

function decodeURIComponentSafe(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
