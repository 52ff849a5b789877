import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { deleteAccount, handOver, pngBytes, register, uploadLogo, validClient } from '../developer/helpers';
import { startS3, type TestS3 } from '../support/s3';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

let s3: TestS3;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3();
  server = await startTestServer(s3.env);
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

const uploadAvatar = (user: TestUser, bytes: Uint8Array, name: string) => {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), name);
  return server.fetch('/api/me/avatar', { method: 'POST', headers: user.authHeader, body: form });
};
const keyOf = (url: string) => url.replace(/^\/storage\//, '').split('?')[0] ?? '';

describe('S3-compatible storage (s3rver on 127.0.0.1)', () => {
  it('stores an uploaded avatar in the bucket and serves it from /storage with its type and nosniff', async () => {
    const user = await createUser(server);
    const res = await uploadAvatar(user, await pngBytes(64), 'me.png');
    expect(res.status).toBe(200);
    const { avatar_url } = (await res.json()) as { avatar_url: string };
    // The same URL shape as on the local disk.
    expect(avatar_url).toMatch(new RegExp(`^/storage/avatars/${user.id}/avatar\\.png\\?v=\\d+$`));

    const stored = await s3.read(keyOf(avatar_url));
    expect(stored?.contentType).toBe('image/png');
    expect(await s3.keys(`avatars/${user.id}/`)).toEqual([`avatars/${user.id}/avatar.png`]);
    // Nothing was written to the local disk.
    expect(existsSync(join(server.config.dataDir, 'storage'))).toBe(false);

    const file = await server.fetch(avatar_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    const served = new Uint8Array(await file.arrayBuffer());
    expect(Buffer.from(served).equals(Buffer.from(stored!.bytes))).toBe(true);
    expect((await sharp(served).metadata()).width).toBe(64);
  });

  it('replacing the avatar in another format removes the old object from the bucket', async () => {
    const user = await createUser(server);
    const first = (await (await uploadAvatar(user, await pngBytes(), 'a.png')).json()) as {
      avatar_url: string;
    };
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    const second = (await (await uploadAvatar(user, jpeg, 'b.jpg')).json()) as { avatar_url: string };
    expect(second.avatar_url).toMatch(/avatar\.jpg\?v=/);
    expect(await s3.keys(`avatars/${user.id}/`)).toEqual([`avatars/${user.id}/avatar.jpg`]);
    expect((await server.fetch(first.avatar_url)).status).toBe(404);
    const served = await server.fetch(second.avatar_url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('content-length')).toBe(
      String((await s3.read(keyOf(second.avatar_url)))?.bytes.length),
    );
  });

  it('client logos go to the bucket too, and a client may only use a logo that exists there', async () => {
    const user = await createUser(server);
    const res = await uploadLogo(server, user, await pngBytes(), 'logo.png');
    expect(res.status).toBe(201);
    const { logo_url } = (await res.json()) as { logo_url: string };
    expect(await s3.keys(`oauth2-logos/${user.id}/`)).toEqual([keyOf(logo_url)]);
    expect((await register(server, user, validClient({ logo_url }))).logo_url).toBe(logo_url);

    const missing = `/storage/oauth2-logos/${user.id}/1-missing.png`;
    expect((await server.fetch(missing)).status).toBe(404);
    const refused = await server.fetch('/api/developer/clients', {
      method: 'POST',
      headers: { ...user.authHeader, 'content-type': 'application/json' },
      body: JSON.stringify(validClient({ logo_url: missing })),
    });
    expect(refused.status).toBe(400);
  });

  it('answers 404 for unknown and malformed keys without asking for traversal', async () => {
    expect((await server.fetch('/storage/avatars/nobody/avatar.png')).status).toBe(404);
    expect((await server.fetch('/storage/avatars%2F..%2F..%2Fsecret.key')).status).toBe(404);
    expect((await server.fetch('/storage/%E0%A4%A')).status).toBe(404);
  });

  it("deleting the account removes its avatar and its apps' logos from the bucket", async () => {
    const user = await createUser(server);
    expect((await uploadAvatar(user, await pngBytes(32), 'me.png')).status).toBe(200);
    const logo = await uploadLogo(server, user, await pngBytes(32), 'logo.png');
    const { logo_url } = (await logo.json()) as { logo_url: string };
    await register(server, user, validClient({ logo_url }));
    expect(await s3.keys(`avatars/${user.id}/`)).toHaveLength(1);
    expect(await s3.keys(`oauth2-logos/${user.id}/`)).toHaveLength(1);
    const deleted = await server.fetch('/api/me/account', {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', ...user.authHeader },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(deleted.status).toBe(204);
    expect(await s3.keys(`avatars/${user.id}/`)).toEqual([]);
    expect(await s3.keys(`oauth2-logos/${user.id}/`)).toEqual([]);
  });

  it('deleting the account keeps in the bucket only the logo an app handed over still shows', async () => {
    const [first, heir] = [await createUser(server), await createUser(server)];
    const { username } = await giveProfile(server, heir, 'Heir');
    await giveProfile(server, first, 'First Owner');
    const upload = async (name: string) =>
      ((await (await uploadLogo(server, first, await pngBytes(16), name)).json()) as { logo_url: string })
        .logo_url;
    const [shown, unused] = [await upload('shown.png'), await upload('unused.png')];
    const app = await register(server, first, validClient({ name: 'Heirloom', logo_url: shown }));
    await handOver(server, first, { ...heir, username }, app);
    expect((await deleteAccount(server, first)).status).toBe(204);
    expect(await s3.keys(`oauth2-logos/${first.id}/`)).toEqual([keyOf(shown)]);
    expect((await server.fetch(unused)).status).toBe(404);
  });
});
