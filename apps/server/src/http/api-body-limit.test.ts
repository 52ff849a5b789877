import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBodyLimit } from './api-body-limit';

class TooLarge extends Error {}

// Over Node's own HTTP server, as in production: the lengths are what the client really sent.
let base: string;
let close: () => void;
beforeAll(async () => {
  const app = new Hono();
  app.use(
    apiBodyLimit(16, () => {
      throw new TooLarge();
    }),
  );
  app.onError((err, c) => (err instanceof TooLarge ? c.text('too large', 413) : c.text(String(err), 500)));
  app.all('/echo', async (c) => c.text(c.req.method === 'GET' ? 'get' : await c.req.text()));
  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(listening));
  });
  close = () => server.close();
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => close());

/** A POST whose body is sent in chunks (no Content-Length). */
function chunked(body: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      `${base}/echo`,
      { method: 'POST', headers: { 'transfer-encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    for (const part of body.match(/.{1,4}/g) ?? []) req.write(part);
    req.end();
  });
}

describe('the API body limit', () => {
  it('lets a body up to the limit through, readable by the route', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', body: '0123456789abcdef' });
    expect([res.status, await res.text()]).toEqual([200, '0123456789abcdef']);
    expect(await chunked('0123456789abcdef')).toEqual({ status: 200, text: '0123456789abcdef' });
  });

  it('refuses a longer body, by its Content-Length or as it arrives in chunks', async () => {
    const res = await fetch(`${base}/echo`, { method: 'POST', body: '0123456789abcdefg' });
    expect([res.status, await res.text()]).toEqual([413, 'too large']);
    expect(await chunked('0123456789abcdefg')).toEqual({ status: 413, text: 'too large' });
  });

  it('lets requests without a body through', async () => {
    const post = await fetch(`${base}/echo`, { method: 'POST' });
    expect([post.status, await post.text()]).toEqual([200, '']);
    const get = await fetch(`${base}/echo`);
    expect([get.status, await get.text()]).toEqual([200, 'get']);
  });
});
