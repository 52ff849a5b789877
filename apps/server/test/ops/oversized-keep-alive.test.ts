import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../src/http/api-body-limit';
import { MAX_IMAGE_BYTES } from '../../src/modules/storage/image';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/**
 * A refused oversized body is left unread, so the server cannot keep the connection: it must say
 * `Connection: close` with the 413, or a client (or a pooling reverse proxy) sends its next request
 * down a socket the server is closing and gets ECONNRESET (a proxy shows someone a 502).
 */
let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  reused: boolean;
}

function send(
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: Buffer,
  chunked = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.once('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          reused: req.reusedSocket,
        }),
      );
    });
    // The server may answer 413 and close before the whole body is written: that is expected.
    req.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') reject(err);
    });
    if (body && chunked) {
      // Sent in pieces without Content-Length, so the limit is found while reading.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    } else req.end(body);
  });
}

function multipart(size: number) {
  const boundary = 'omniaboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.alloc(size, 1), tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The oversized request answers 413 with Connection: close, and the same client's next request works. */
async function expectCleanRefusal(
  path: string,
  type: string,
  body: Buffer,
  chunked: boolean,
  auth: Record<string, string> = {},
) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const warm = await send(agent, 'GET', '/healthz');
    expect(warm.status).toBe(200);
    const headers = { 'content-type': type, ...auth, ...(chunked ? {} : { 'content-length': body.length }) };
    const refused = await send(agent, 'POST', path, headers, body, chunked);
    expect(refused.status).toBe(413);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: expect.any(String) } });
    // Same agent, one socket at most: without Connection: close this went down the dying socket.
    const next = await send(agent, 'GET', '/healthz');
    expect(next.status).toBe(200);
    expect(next.reused).toBe(false);
    const again = await send(agent, 'GET', '/healthz');
    expect(again.reused).toBe(true);
  } finally {
    agent.destroy();
  }
}

describe('413 closes the connection cleanly', () => {
  const json = Buffer.from(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(JSON_BODY_LIMIT * 3) }));

  it.each([false, true])('JSON body over 64 KB (chunked: %s)', async (chunked) => {
    await expectCleanRefusal('/api/auth/login', 'application/json', json, chunked);
  });

  it.each([false, true])('avatar upload over 5 MB (chunked: %s)', async (chunked) => {
    const { body, type } = multipart(MAX_IMAGE_BYTES + 256 * 1024);
    await expectCleanRefusal('/api/me/avatar', type, body, chunked, user.authHeader);
  });

  it.each([false, true])('logo upload over 5 MB (chunked: %s)', async (chunked) => {
    const { body, type } = multipart(MAX_IMAGE_BYTES + 256 * 1024);
    await expectCleanRefusal('/api/developer/logos', type, body, chunked, user.authHeader);
  });

  it('over a raw socket: the 413 says close, and the server then closes without a reset', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (c: Buffer) => received.push(c));
    const ended = new Promise<string | undefined>((resolve) => {
      socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code));
      socket.once('close', () => resolve(undefined));
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
    );
    socket.write(json.subarray(0, 1024));
    expect(await ended).toBeUndefined();
    const text = Buffer.concat(received).toString();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text.toLowerCase()).toContain('\r\nconnection: close\r\n');
  });

  it('a body within the limit keeps the connection alive', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const small = Buffer.from(JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' }));
      const first = await send(
        agent,
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json' },
        small,
      );
      expect(first.status).toBe(400);
      expect(first.headers.connection).toBe('keep-alive');
      expect((await send(agent, 'GET', '/healthz')).reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
