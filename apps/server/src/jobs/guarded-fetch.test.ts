import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from './guarded-fetch';

/** A developer's endpoint on this machine, counting every connection made to it. */
let server: Server;
let port: number;
let connections = 0;
const posted: string[] = [];
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await text(req);
    if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=300' });
      res.end(JSON.stringify({ keys: [] }));
    } else if (req.url === '/logout') {
      posted.push(`${req.headers['content-type']} ${body}`);
      res.writeHead(204).end();
    } else {
      res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    }
  });
  server.on('connection', () => {
    connections++;
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("the engine's fetch", () => {
  it('in production opens no connection to this machine, by name or by address', async () => {
    const production = createGuardedFetch(false);
    const before = connections;
    await expect(production(`https://localhost:${port}/jwks`)).rejects.toThrow('not a public address');
    await expect(production(`https://127.0.0.1:${port}/jwks`)).rejects.toThrow('not a public address');
    await expect(production(`https://[::ffff:127.0.0.1]:${port}/jwks`)).rejects.toThrow(
      'not a public address',
    );
    await expect(production(`http://example.com:${port}/jwks`)).rejects.toThrow('only https');
    expect(connections).toBe(before);
  });

  it('outside production reads a key set with its headers, posts a form, and follows no redirect', async () => {
    const development = createGuardedFetch(true);
    const jwks = await development(`http://127.0.0.1:${port}/jwks`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
    });
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('max-age=300');
    expect(await jwks.json()).toEqual({ keys: [] });

    const logout = await development(`http://127.0.0.1:${port}/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: 'a.b.c' }),
    });
    expect(logout.status).toBe(204);
    expect(posted).toEqual(['application/x-www-form-urlencoded logout_token=a.b.c']);

    const moved = await development(`http://127.0.0.1:${port}/elsewhere`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://169.254.169.254/');
  });

  it('refuses an answer that switches protocols (101) at once, and gives up on a silent one when told', async () => {
    let silent = 0;
    const odd = createTcpServer((socket) =>
      socket.once('data', (data) => {
        if (data.toString().startsWith('GET /switch'))
          socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n');
        else silent++;
      }),
    );
    await new Promise<void>((done) => odd.listen(0, '127.0.0.1', done));
    try {
      const { port: at } = odd.address() as AddressInfo;
      const development = createGuardedFetch(true);
      await expect(
        development(`http://127.0.0.1:${at}/switch`, { signal: AbortSignal.timeout(5_000) }),
      ).rejects.toThrow('unexpected status 101');
      await expect(
        development(`http://127.0.0.1:${at}/silent`, { signal: AbortSignal.timeout(200) }),
      ).rejects.toThrow();
      expect(silent).toBe(1);
    } finally {
      odd.close();
    }
  });

  it('gives up when the signal it was given aborts', async () => {
    const development = createGuardedFetch(true);
    await expect(
      development(`http://127.0.0.1:${port}/jwks`, { signal: AbortSignal.abort() }),
    ).rejects.toThrow();
  });
});
