import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NOT_FOUND_PAGE, prerenderedFile, WEB_ROUTES_FILE } from '@omnia/contracts/web-routes';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSpa } from '../../src/http/static-spa';
import { startTestServer, type TestServer } from '../support/test-server';

// A built web app as `npm run build` lays it out (apps/web/scripts/prerender.ts), with pages whose
// text tells which file was served.
const SHELL = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>';
const page = (text: string) =>
  `<!doctype html><html><body><div id="root"><h1>${text}</h1></div></body></html>`;

function writeDist(withRoutes: boolean): string {
  const dist = mkdtempSync(join(tmpdir(), 'omnia-web-dist-'));
  const files: Record<string, string> = {
    'index.html': SHELL,
    'assets/index-abc123.js': 'console.log(1)',
    '.vite/manifest.json': '{"secret":"build details"}',
    [prerenderedFile('/', 'en')]: page('landing en'),
    [prerenderedFile('/login', 'en')]: page('login en'),
    [prerenderedFile('/login', 'de')]: page('login de'),
    [prerenderedFile('/auth/forgot-password', 'en')]: page('forgot en'),
    [prerenderedFile(NOT_FOUND_PAGE, 'en')]: page('404 en'),
    [prerenderedFile(NOT_FOUND_PAGE, 'fr')]: page('404 fr'),
  };
  if (withRoutes)
    files[WEB_ROUTES_FILE] = JSON.stringify({
      routes: ['/', '/login', '/auth/forgot-password', '/dashboard', '/oauth2/consent/:uid'],
    });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  return dist;
}

describe('the web app: pre-rendered pages and 404 for unknown paths (real server)', () => {
  let dist: string;
  let server: TestServer;
  beforeAll(async () => {
    dist = writeDist(true);
    server = await startTestServer({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (path: string, headers: Record<string, string> = {}) => server.fetch(path, { headers });

  it('answers a pre-rendered route with its page, in the language of Accept-Language', async () => {
    const en = await get('/login');
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('text/html');
    expect(en.headers.get('vary')).toContain('Accept-Language');
    expect(en.headers.get('cache-control')).toBe('no-cache');
    expect(en.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await en.text()).toContain('login en');
    expect(await (await get('/login', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).text()).toContain(
      'login de',
    );
    // The router ignores case and trailing slashes; so does the server.
    expect(await (await get('/LOGIN/')).text()).toContain('login en');
    expect(await (await get('/auth/forgot-password')).text()).toContain('forgot en');
  });

  it('answers other routes, a query, and a language not built with the app shell (status 200)', async () => {
    for (const path of ['/dashboard', '/oauth2/consent/abc-123', '/login?next=%2Fsettings', '/?ref=mail']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
    }
    const spanish = await get('/login', { 'accept-language': 'es' });
    expect(spanish.status).toBe(200);
    expect(await spanish.text()).toBe(SHELL);
  });

  it('answers an unknown path 404 with the not-found page, in the visitor language', async () => {
    for (const path of [
      '/no/such/page',
      '/loginx',
      '/oauth2/consent/a/b',
      '/robots.txt',
      '/.vite/manifest.json',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('text/html');
      expect(await res.text(), path).toContain('404 en');
    }
    const french = await get('/nope', { 'accept-language': 'fr-CA' });
    expect(french.status).toBe(404);
    expect(await french.text()).toContain('404 fr');
    expect((await server.fetch('/nope', { method: 'HEAD' })).status).toBe(404);
  });

  it('keeps the API, built files and missing assets as they were', async () => {
    const api = await get('/api/no-such-endpoint');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const asset = await get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/index-gone.js')).status).toBe(404);
  });
});

describe('a build without the list of routes', () => {
  it('serves the app shell for every path, as a plain single-page app', async () => {
    const dist = writeDist(false);
    try {
      const app = new Hono().use(staticSpa(dist));
      const unknown = await app.request('/no/such/page');
      expect(unknown.status).toBe(200);
      expect(await unknown.text()).toBe(SHELL);
      expect(await (await app.request('/login')).text()).toContain('login en');
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
