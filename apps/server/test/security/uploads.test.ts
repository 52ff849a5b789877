import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/** Hostile uploads: each refused with a clear 4xx, nothing stored, the server unharmed. */
let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await createUser(server);
}, 60_000);
afterAll(() => server?.close());

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/** A PNG whose header claims width × height pixels, with a few compressed rows of data. */
function png(width: number, height: number, rows = 4): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const raw = Buffer.alloc(rows * (width + 1));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(path: string, bytes: Uint8Array, type: string, name = 'x.png') {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type }), name);
  return server.fetch(path, { method: 'POST', headers: user.authHeader, body: form });
}

async function avatarUrl() {
  const res = await server.fetch('/api/me/profile', { headers: user.authHeader });
  return ((await res.json()) as { avatar_url: string | null }).avatar_url;
}

describe.each(['/api/me/avatar', '/api/developer/logos'])('%s', (path) => {
  it('a decompression bomb (50 000 × 50 000 px in a few KB) is refused', async () => {
    const bomb = png(50_000, 50_000, 2);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(path, bomb, 'image/png');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });

  it('a truncated image is refused', async () => {
    const whole = png(64, 64, 64);
    const res = await upload(path, whole.subarray(0, 40), 'image/png');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('an HTML file named .png and declared image/png is refused by its content', async () => {
    const res = await upload(
      path,
      new TextEncoder().encode('<html><script>alert(1)</script></html>'),
      'image/png',
    );
    expect(res.status).toBe(415);
  });

  it('a 50 MB body is refused with 413 before it is read', async () => {
    const big = new Uint8Array(50 * 1024 * 1024);
    const res = await upload(path, big, 'image/png');
    expect(res.status).toBe(413);
  });
});

it('after all that, the account still has no picture and the server still answers', async () => {
  expect(await avatarUrl()).toBeNull();
  expect((await server.fetch('/healthz')).status).toBe(200);
});
