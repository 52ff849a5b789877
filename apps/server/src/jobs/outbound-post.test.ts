import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from './outbound-post';
import { neverCalled } from './public-address';

let hits = 0;
/** Closed by the caller: resolved when the endless answer's connection ends. */
let endlessClosed: Promise<number> | undefined;
const server = createServer((req, res) => {
  hits++;
  req.resume();
  if (req.url !== '/endless') return void res.writeHead(req.url === '/fail' ? 500 : 200).end();
  // A 200 whose body never ends.
  res.writeHead(200);
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const more = setInterval(() => {
    if (res.write(chunk)) sent += chunk.length;
  }, 5);
  endlessClosed = new Promise((closed) =>
    res.on('close', () => {
      clearInterval(more);
      closed(sent);
    }),
  );
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
      // IPv4-compatible, IPv4-translated and site-local forms.
      'https://[::7f00:1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[fec0::1]/',
      'https://10.1.2.3/',
      'https://169.254.169.254/latest/meta-data',
      // Azure's WireServer: public, answered only from inside the cloud.
      'https://168.63.129.16/machine?comp=goalstate',
      `https://localhost:${port}/`,
    ])
      expect((await postForm(uri, form, production)).error, uri).toBe('not called: not a public address');
    expect(await postForm(`http://example.com:${port}/`, form, production)).toEqual({
      status: null,
      error: 'not called: only https addresses are called',
    });
    expect(hits).toBe(before);
  });

  it('in production a public IPv4 address is called (here it cannot be reached)', async () => {
    const outcome = await postForm('https://93.184.215.14/logout', form, { ...production, timeoutMs: 300 });
    expect(outcome.status).toBeNull();
    expect(outcome.error).not.toBe('not called: not a public address');
  });

  it('outside production still refuses private networks other than loopback', async () => {
    expect((await postForm('http://10.1.2.3/', form, development)).error).toBe(
      'not called: only https addresses are called',
    );
    expect((await postForm('https://10.1.2.3/', form, development)).error).toBe(
      'not called: not a public address',
    );
  });

  it('an answer whose body never ends: its status counts, and the connection closes within the time', async () => {
    const outcome = await postForm(`http://127.0.0.1:${port}/endless`, form, {
      ...development,
      timeoutMs: 500,
    });
    expect(outcome).toEqual({ status: 200 });
    const sent = await endlessClosed;
    // Not read on: the connection ends after a few kilobytes or at the time limit, whichever first.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('an endpoint that switches protocols (101) is an answer refused, not a delivery that never ends', async () => {
    const switching = createTcpServer((socket) =>
      socket.once('data', () =>
        socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n'),
      ),
    );
    await new Promise<void>((done) => switching.listen(0, '127.0.0.1', done));
    try {
      const { port: at } = switching.address() as AddressInfo;
      const outcome = await postForm(`http://127.0.0.1:${at}/logout`, form, {
        ...development,
        timeoutMs: 5_000,
      });
      expect(outcome).toEqual({ status: 101, error: 'answered 101' });
    } finally {
      switching.close();
    }
  });

  it('a URL naming an address that is never called is known when it is saved', () => {
    for (const uri of [
      'https://10.1.2.3/x',
      'https://169.254.169.254/',
      'https://[fd00::1]/',
      // IANA's other special-purpose blocks, as the engine's own list has them.
      'https://192.88.99.1/',
      'https://192.175.48.6/',
      'https://[100::1]/',
      'https://[2001:10::1]/',
      'https://[3fff::1]/',
      'https://[5f00::1]/',
    ])
      expect([neverCalled(uri, false), neverCalled(uri, true)], uri).toEqual([true, true]);
    for (const uri of [
      'https://localhost/x',
      'https://localhost./x',
      'https://hooks.localhost/x',
      'https://127.0.0.1:8443/x',
      'http://[::1]/x',
      'https://[::ffff:7f00:1]/',
    ])
      expect([neverCalled(uri, false), neverCalled(uri, true)], uri).toEqual([true, false]);
    // A name is looked up when it is called; a public literal is fine.
    for (const uri of ['https://hooks.example/x', 'https://93.184.215.14/x', 'nope'])
      expect(neverCalled(uri, false), uri).toBe(false);
  });
});
