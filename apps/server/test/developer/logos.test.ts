import { DEVELOPER_API, type OAuthClient } from '@omnia/contracts/developer';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveProfile } from '../conformance/rp';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';
import {
  deleteAccount,
  errorOf,
  handOver,
  pngBytes,
  register,
  send,
  uploadLogo,
  validClient,
} from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/developer/logos', () => {
  it('stores a re-encoded image under oauth2-logos/{userId}/ with a safe name, serves it, and a client may use it', async () => {
    const user = await createUser(server);
    const res = await uploadLogo(server, user, await pngBytes(), 'My Cool Logo (v2)!.PNG');
    expect(res.status).toBe(201);
    const { logo_url } = (await res.json()) as { logo_url: string };
    expect(logo_url).toMatch(new RegExp(`^/storage/oauth2-logos/${user.id}/\\d+-my-cool-logo-v2\\.png$`));

    const file = await server.fetch(logo_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('png');

    const client = await register(server, user, validClient({ logo_url }));
    expect(client.logo_url).toBe(logo_url);

    // Someone else cannot borrow it.
    const other = await createUser(server);
    const borrowed = await server.fetch(DEVELOPER_API.clients, {
      method: 'POST',
      headers: { ...other.authHeader, 'content-type': 'application/json' },
      body: JSON.stringify(validClient({ logo_url })),
    });
    expect(borrowed.status).toBe(400);
    const { clients } = (await (
      await server.fetch(DEVELOPER_API.clients, { headers: other.authHeader })
    ).json()) as { clients: OAuthClient[] };
    expect(clients).toEqual([]);
  });

  it('names the file by its content: a JPEG called .png is stored as .jpg; odd names fall back to "logo"', async () => {
    const user = await createUser(server);
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } })
      .jpeg()
      .toBuffer();
    const res = await uploadLogo(server, user, jpeg, '../../étoile.png');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { logo_url: string }).logo_url).toMatch(/\/\d+-etoile\.jpg$/);
    const odd = await uploadLogo(server, user, await pngBytes(), '💥💥.gif');
    expect(((await odd.json()) as { logo_url: string }).logo_url).toMatch(
      new RegExp(`^/storage/oauth2-logos/${user.id}/\\d+-logo\\.png$`),
    );
  });

  it('refuses SVG, text and oversized files', async () => {
    const user = await createUser(server);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await uploadLogo(server, user, svg, 'logo.svg');
    expect(refused.status).toBe(415);
    expect((await errorOf(refused)).message).toBe('Only PNG, JPEG, WebP and GIF images are accepted');
    expect((await uploadLogo(server, user, Buffer.from('just some text'), 'logo.png')).status).toBe(415);

    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await uploadLogo(server, user, big, 'big.png');
    expect(tooBig.status).toBe(413);

    const empty = await server.fetch(DEVELOPER_API.logos, {
      method: 'POST',
      headers: user.authHeader,
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
  });

  it('one logo may serve two apps: replacing or deleting one leaves the other’s logo in place', async () => {
    const user = await createUser(server);
    const upload = async () =>
      (
        (await (await uploadLogo(server, user, await pngBytes(), 'shared.png')).json()) as {
          logo_url: string;
        }
      ).logo_url;
    const shared = await upload();
    const first = await register(server, user, validClient({ name: 'First', logo_url: shared }));
    const second = await register(server, user, validClient({ name: 'Second', logo_url: shared }));
    // The first takes a logo of its own: the shared file stays, the second still shows it.
    const own = await upload();
    const edited = await send(server, user, 'PATCH', DEVELOPER_API.client(first.id), {
      ...validClient({ name: 'First', logo_url: own }),
    });
    expect(edited.status).toBe(200);
    expect((await server.fetch(shared)).status).toBe(200);
    // Deleting the first removes its own logo, and the second's stays.
    const deleted = await send(server, user, 'DELETE', DEVELOPER_API.client(first.id), { confirm: 'First' });
    expect(deleted.status).toBe(204);
    expect((await server.fetch(own)).status).toBe(404);
    expect((await server.fetch(shared)).status).toBe(200);
    // The last app that shows it takes it along.
    expect(
      (await send(server, user, 'DELETE', DEVELOPER_API.client(second.id), { confirm: 'Second' })).status,
    ).toBe(204);
    expect((await server.fetch(shared)).status).toBe(404);
  });

  it('a handed-over app keeps its logo when its first owner’s account goes; dropped, the file goes', async () => {
    const first = await createUser(server);
    const heir = await createUser(server);
    const { username } = await giveProfile(server, heir, 'Heir');
    await giveProfile(server, first, 'First Owner');
    const upload = async (user: TestUser, name: string) =>
      ((await (await uploadLogo(server, user, await pngBytes(), name)).json()) as { logo_url: string })
        .logo_url;
    const [logo, unused] = [await upload(first, 'kept.png'), await upload(first, 'unused.png')];
    const app = await register(server, first, validClient({ name: 'Heirloom', logo_url: logo }));
    await handOver(server, first, { ...heir, username }, app);
    expect((await deleteAccount(server, first)).status).toBe(204);
    expect((await server.fetch(logo)).status).toBe(200);
    // The account's other logos go with it.
    expect((await server.fetch(unused)).status).toBe(404);
    // The heir gives the app a logo of their own: the first owner's file goes with it.
    const own = await upload(heir, 'mine.png');
    const edited = await send(server, heir, 'PATCH', DEVELOPER_API.client(app.id), {
      ...validClient({ name: 'Heirloom', logo_url: own }),
    });
    expect(edited.status).toBe(200);
    expect((await server.fetch(logo)).status).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await uploadLogo(server, undefined, await pngBytes(), 'logo.png')).status).toBe(401);
  });
});
