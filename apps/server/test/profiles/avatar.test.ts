import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { MESSAGES, type Profile } from '@omnia/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { answerBeforeBody } from '../support/uploads';
import { createUser, type TestUser } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const upload = (user: TestUser, bytes: Uint8Array, name: string, type = 'application/octet-stream') => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return server.fetch('/api/me/avatar', { method: 'POST', headers: user.authHeader, body: form });
};
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const profileOf = async (user: TestUser) =>
  (await (await server.fetch('/api/me/profile', { headers: user.authHeader })).json()) as Profile;

async function jpegWithExif(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366ff' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
    .toBuffer();
}

/**
 * A valid progressive 64×64 grey JPEG of 1 + 63 × 3 scans, one per coefficient and component (a
 * slow one only needs more pixels): one Huffman code, every coefficient zero.
 */
function manyScansJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCode = (tableClass: number) => [tableClass << 4, 1, ...Array<number>(15).fill(0), 0];
  const bytes = [0xff, 0xd8];
  bytes.push(...segment(0xdb, [0, ...Array<number>(64).fill(1)]));
  bytes.push(...segment(0xc2, [8, 0, 64, 0, 64, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]));
  bytes.push(...segment(0xc4, oneCode(0)), ...segment(0xc4, oneCode(1)));
  bytes.push(...segment(0xda, [3, 1, 0, 2, 0, 3, 0, 0, 0, 0]), ...Array<number>(24).fill(0));
  for (let k = 1; k <= 63; k++)
    for (const id of [1, 2, 3])
      bytes.push(...segment(0xda, [1, id, 0, k, k, 0]), ...Array<number>(8).fill(0));
  bytes.push(0xff, 0xd9);
  return Buffer.from(bytes);
}

describe('POST /api/me/avatar', () => {
  it('stores a re-encoded picture without EXIF, serves it with its type and nosniff, and links it', async () => {
    const user = await createUser(server);
    const original = await jpegWithExif(2400, 1200);
    expect(original.includes(Buffer.from('secret-camera-owner'))).toBe(true);

    const res = await upload(user, original, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    // Named by its content, not by the file name it came with.
    expect(avatar_url).toMatch(new RegExp(`^/storage/avatars/${user.id}/avatar\\.jpg\\?v=\\d+$`));
    expect((await profileOf(user)).avatar_url).toBe(avatar_url);

    const file = await server.fetch(avatar_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    // The picture claim: other sites show it in an <img>.
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const meta = await sharp(served).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
  });

  it('replaces the picture with a new URL when it changes format', async () => {
    const user = await createUser(server);
    const first = (await (await upload(user, await jpegWithExif(64, 64), 'a.jpg')).json()) as {
      avatar_url: string;
    };
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const second = (await (await upload(user, png, 'b.png')).json()) as { avatar_url: string };
    expect(second.avatar_url).toMatch(/avatar\.png\?v=/);
    expect(second.avatar_url).not.toBe(first.avatar_url);
    expect((await server.fetch(first.avatar_url)).status).toBe(404);
    expect((await server.fetch(second.avatar_url)).headers.get('content-type')).toBe('image/png');
  });

  it('refuses SVG and other files by their content, whatever their name, and keeps the old picture', async () => {
    const user = await createUser(server);
    const { avatar_url } = (await (await upload(user, await jpegWithExif(16, 16), 'ok.jpg')).json()) as {
      avatar_url: string;
    };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await upload(user, svg, 'evil.png', 'image/png');
    expect(refused.status).toBe(415);
    expect((await errorOf(refused)).message).toBe('Only PNG, JPEG, WebP and GIF images are accepted');
    expect((await upload(user, Buffer.from('just text'), 'notes.gif')).status).toBe(415);
    // A truncated PNG passes the magic-byte check but cannot be decoded.
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const broken = await upload(user, png.subarray(0, 60), 'broken.png');
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe('invalid_image');
    expect((await profileOf(user)).avatar_url).toBe(avatar_url);
  });

  it('refuses pictures over 5 MB and requests without a file', async () => {
    const user = await createUser(server);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await upload(user, big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).message).toBe('Images must be at most 5 MB');
    const empty = await server.fetch('/api/me/avatar', {
      method: 'POST',
      headers: user.authHeader,
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    expect((await profileOf(user)).avatar_url).toBeNull();
  });

  it('refuses a JPEG of more scans than encoders write (each decoded over the whole picture)', async () => {
    const user = await createUser(server);
    const res = await upload(user, manyScansJpeg(), 'slow.jpg');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('The image could not be read');
    expect((await profileOf(user)).avatar_url).toBeNull();
    // A progressive picture as encoders write it is taken.
    const progressive = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
      .jpeg({ progressive: true })
      .toBuffer();
    expect((await upload(user, progressive, 'fine.jpg')).status).toBe(200);
  });

  it('counts every attempt of an account, a refused picture too: past 60 in an hour, 429', async () => {
    const user = await createUser(server);
    const notAPicture = new TextEncoder().encode('not a picture');
    for (let i = 0; i < 60; i++) expect((await upload(user, notAPicture, `bad-${i}.png`)).status).toBe(415);
    const refused = await upload(user, await jpegWithExif(64, 64), 'good.jpg');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await errorOf(refused)).message).toBe(MESSAGES.pictureUploadLimit);
    expect((await profileOf(user)).avatar_url).toBeNull();
    // Spent, the next upload is refused before its body is read: 5 MB at a time cost nothing.
    expect(await answerBeforeBody(server, user, '/api/me/avatar')).toEqual({
      status: 429,
      code: 'rate_limited',
    });
    // Another account's budget is its own.
    expect((await upload(await createUser(server), await jpegWithExif(64, 64), 'a.jpg')).status).toBe(200);
  });

  it('counts a body read and refused with no picture in it (no file part, an empty one) too', async () => {
    const user = await createUser(server);
    const noFile = () => {
      const form = new FormData();
      form.append('x', 'y');
      return server.fetch('/api/me/avatar', { method: 'POST', headers: user.authHeader, body: form });
    };
    const emptyFile = () => upload(user, new Uint8Array(0), 'empty.png');
    for (let i = 0; i < 30; i++) expect((await noFile()).status).toBe(400);
    for (let i = 0; i < 30; i++) expect((await emptyFile()).status).toBe(400);
    expect((await noFile()).status).toBe(429);
    expect(await answerBeforeBody(server, user, '/api/me/avatar')).toEqual({
      status: 429,
      code: 'rate_limited',
    });
  });

  it('serves only pictures in an account’s folder, an avatar for a day', async () => {
    const user = await createUser(server);
    const { avatar_url } = (await (await upload(user, await jpegWithExif(64, 64), 'a.jpg')).json()) as {
      avatar_url: string;
    };
    const served = await server.fetch(avatar_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
    // Whatever else the store holds (a shared bucket, a file being written) is not public.
    const root = join(server.config.dataDir, 'storage');
    for (const key of [
      'backups/db.sql',
      `avatars/${user.id}/avatar.jpg.tmp`,
      `avatars/${user.id}/notes.txt`,
      'avatars/not-an-account/avatar.jpg',
    ]) {
      mkdirSync(dirname(join(root, key)), { recursive: true });
      writeFileSync(join(root, key), 'SECRET');
      expect((await server.fetch(`/storage/${key}`)).status, key).toBe(404);
    }
  });

  it('needs a signed-in user and never serves paths outside storage', async () => {
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.png');
    expect((await server.fetch('/api/me/avatar', { method: 'POST', body: form })).status).toBe(401);
    // Encoded slashes survive URL normalisation and reach the storage route as `..` segments.
    expect((await server.fetch('/storage/avatars%2F..%2F..%2Fsecret.key')).status).toBe(404);
    expect((await server.fetch('/storage/avatars/x%2F..%2F..%2F..%2Fsecret.key')).status).toBe(404);
  });
});
