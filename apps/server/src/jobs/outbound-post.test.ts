import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from './outbound-post';

let hits = 0;
const server = createServer((req, res) => {
  hits++;
  req.resume();
  res.writeHead(req.url === '/fail' ? 500 : 200).end();
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const form = new URLSearchParams({ logout_token: 't' });
const production = { allowLoopback: false, timeoutMs: 2_000 };
const development = { allowLoopback: true, timeoutMs: 2_000 };

describe("a developer's back-channel logout URI, called from Omnia's server", () => {
  it('outside production reaches this machine, and reports the answer', async () => {
    expect(await postForm(`http://127.0.0.1:${port}/ok`, form, development)).toEqual({ status: 200 });
    expect(await postForm(`http://localhost:${port}/fail`, form, development)).toEqual({
      status: 500,
      error: 'answered 500',
    });
  });

  it('in production reaches no loopback, private or mapped address, by name or literal, and no http', async () => {
    const before = hits;
    for (const uri of [
      `https://127.0.0.1:${port}/`,
      `https://[::1]:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://[::ffff:a9fe:a9fe]/`,
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data',
      `https://localhost:${port}/`,
    ])
      expect((await postForm(uri, form, production)).error, uri).toBe('not called: not a public address');
    expect(await postForm(`http://example.com:${port}/`, form, production)).toEqual({
      status: null,
      error: 'not called: only https addresses are called',
    });
    expect(hits).toBe(before);
  });

  it('outside production still refuses private networks other than loopback', async () => {
    expect((await postForm('http://10.1.2.3/', form, development)).error).toBe(
      'not called: only https addresses are called',
    );
    expect((await postForm('https://10.1.2.3/', form, development)).error).toBe(
      'not called: not a public address',
    );
  });
});
