import { servicesResponseSchema } from '@omnia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/services', () => {
  it('lists the five seeded services in order with their statuses and external URLs', async () => {
    const res = await server.fetch('/api/services');
    expect(res.status).toBe(200);
    const body = servicesResponseSchema.parse(await res.json());
    expect(body.services.map((s) => [s.name, s.status])).toEqual([
      ['CloudBliss', 'active'],
      ['Voge', 'development'],
      ['Sokuwe', 'development'],
      ['Luupz', 'active'],
      ['Taskcel', 'coming-soon'],
    ]);
    const urls = Object.fromEntries(body.services.map((s) => [s.slug, s.url]));
    expect(urls.cloudbliss).toMatch(/^https:\/\//);
    expect(urls.luupz).toMatch(/^https:\/\//);
    expect(urls.voge).toBeNull();
  });

  it('refuses other methods with a JSON error, not a 5xx', async () => {
    const res = await server.fetch('/api/services', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'Not found', key: 'errors:not_found' },
    });
  });
});

describe('error answers', () => {
  it('name the catalogue entry of their words beside the English, per field too', async () => {
    const res = await server.fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: '', password: 'x' }),
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({
      code: 'validation_failed',
      message: 'Email is required',
      key: 'messages:emailRequired',
      fields: { email: 'Email is required' },
      fieldKeys: { email: 'emailRequired' },
    });
    const nul = await server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a\u0000@example.test', password: 'x' }),
    });
    expect(((await nul.json()) as { error: unknown }).error).toMatchObject({
      message: 'Text must not contain NUL characters',
      key: 'messages:textHasNul',
    });
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await server.fetch('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await server.fetch('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
  });
});

describe('security headers', () => {
  it('sends CSP without inline script, frame-ancestors none, nosniff and a referrer policy', async () => {
    for (const path of ['/api/services', '/', '/some/client/route']) {
      const res = await server.fetch(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      // Served over http here: no HSTS.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('adds HSTS when the public URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://id.example.test' });
    try {
      const res = await https.fetch('/healthz');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  });
});

describe('bad input', () => {
  it('answers an oversized JSON body with 413 and a clear message', async () => {
    const res = await server.fetch('/api/services', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(200_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
  });

  it('does not crash on a malformed percent-encoded path', async () => {
    const res = await server.fetch('/%E0%A4%A');
    expect(res.status).toBeLessThan(500);
  });
});
