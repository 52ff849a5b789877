import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compress } from './compress';

const LONG = { items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item number ${i}` })) };
const SHORT = { ok: true };

let base: string;
let close: () => void;
/** What the response object was when compress had run, seen from the middleware around it. */
let seenLight: boolean | undefined;

beforeAll(async () => {
  const app = new Hono();
  app.use(async (c, next) => {
    await next();
    // @hono/node-server's light response keeps its body under this symbol until something reads it.
    seenLight = Object.getOwnPropertySymbols(c.res).some((s) => s.description === 'cache');
  });
  app.use(compress(1024));
  app.get('/long', (c) => c.json(LONG));
  app.get('/short', (c) => c.json(SHORT));
  app.get('/cookies', (c) => {
    c.header('Set-Cookie', 'a=1; HttpOnly', { append: true });
    c.header('Set-Cookie', 'b=2; HttpOnly', { append: true });
    c.header('Cache-Control', 'no-store');
    return c.json(LONG, 201);
  });
  app.get('/etag', (c) => c.json(LONG, 200, { ETag: '"v1"', Vary: 'Origin' }));
  app.get('/vary-star', (c) => c.json(LONG, 200, { Vary: '*' }));
  app.get('/no-transform', (c) => c.json(LONG, 200, { 'Cache-Control': 'public, no-transform' }));
  app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  app.get('/encoded', (c) =>
    c.body(new Uint8Array(4096), 200, { 'Content-Type': 'text/plain', 'Content-Encoding': 'br' }),
  );
  app.get('/sized-short', (c) =>
    c.body('x'.repeat(10), 200, { 'Content-Type': 'text/plain', 'Content-Length': '10' }),
  );
  app.get('/empty', (c) => c.body(null, 204));
  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(listening));
  });
  close = () => server.close();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => close());

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request through node:http, which (unlike fetch) neither asks for nor decodes an encoding. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('compress', () => {
  it('answers a client that asks for no encoding as the route did, saying the answer varies', async () => {
    const res = await get('/long');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(res.body.toString())).toEqual(LONG);
    expect(seenLight).toBe(true);
  });

  it('gzips a long answer, with its length, for a client that accepts gzip', async () => {
    const res = await get('/long', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(JSON.stringify(LONG).length);
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(LONG);
    expect(res.headers.vary).toBe('Accept-Encoding');
  });

  it('sends a short answer as it was, with its length, to a client that accepts gzip', async () => {
    const res = await get('/short', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(JSON.stringify(SHORT).length));
    expect(JSON.parse(res.body.toString())).toEqual(SHORT);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps the status, every cookie and the other headers of an encoded answer', async () => {
    const res = await get('/cookies', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(201);
    expect(res.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(gunzipSync(res.body).toString())).toEqual(LONG);
  });

  it('weakens a strong ETag of an encoded answer and adds to an existing Vary', async () => {
    const res = await get('/etag', { 'accept-encoding': 'gzip' });
    expect(res.headers.etag).toBe('W/"v1"');
    expect(res.headers.vary).toBe('Origin, Accept-Encoding');
    expect((await get('/vary-star', { 'accept-encoding': 'gzip' })).headers.vary).toBe('*');
  });

  it('picks the encoding by the client weights', async () => {
    const res = await get('/long', { 'accept-encoding': 'gzip;q=0.2, deflate;q=0.8' });
    expect(res.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(res.body).toString())).toEqual(LONG);
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBe('deflate');
    expect(chooseEncoding('*;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*, gzip;q=0')).toBe('deflate');
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('br, zstd')).toBeUndefined();
    expect(chooseEncoding('gzip;q=nonsense, deflate;q=0.1')).toBe('deflate');
    expect(chooseEncoding('')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });

  it('leaves alone what is not to be compressed', async () => {
    const gz = { 'accept-encoding': 'gzip' };
    for (const path of ['/png', '/no-transform', '/encoded', '/sized-short']) {
      const res = await get(path, gz);
      expect(res.headers['content-encoding'] ?? null, path).toBe(path === '/encoded' ? 'br' : null);
      expect(res.headers.vary, path).toBeUndefined();
    }
    const head = await get('/long', gz, 'HEAD');
    expect([head.status, head.headers['content-encoding'], head.body.length]).toEqual([200, undefined, 0]);
    const empty = await get('/empty', gz);
    expect([empty.status, empty.headers['content-encoding'], empty.body.length]).toEqual([204, undefined, 0]);
  });
});
