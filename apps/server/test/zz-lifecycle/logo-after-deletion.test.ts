import { request } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngBytes } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const deleteAccount = (user: TestUser) =>
  server.fetch('/api/me/account', {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', ...user.authHeader },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });

/** Starts a multipart upload, sends the head, and returns a function that sends the rest. */
function slowUpload(path: string, user: TestUser, file: Buffer) {
  const boundary = 'zz-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="logo.png"\r\ncontent-type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  let answer!: Promise<{ status: number; text: string }>;
  const req = request(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      ...user.authHeader,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
    },
  });
  answer = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 100));
  return {
    finish() {
      req.end(body.subarray(100));
      return answer;
    },
  };
}

it('a logo upload under way when the account is deleted leaves no public file of the deleted account', async () => {
  const user = await createUser(server);
  const upload = slowUpload('/api/developer/logos', user, await pngBytes(64));
  // Let the guard and the budget checks pass before the deletion.
  await new Promise((r) => setTimeout(r, 300));
  const deleted = await deleteAccount(user);
  expect(deleted.status).toBe(204);
  const answer = await upload.finish();
  console.log('upload answered', answer.status, answer.text);
  const folder = join(server.config.dataDir, 'storage', 'oauth2-logos', user.id);
  if (answer.status === 201) {
    const url = (JSON.parse(answer.text) as { logo_url: string }).logo_url;
    const served = await server.fetch(url);
    console.log('served', served.status, served.headers.get('content-type'));
    // The deleted account's logo is public, for a year (immutable)
    expect(served.status, 'a deleted account still has a public file').toBe(404);
  }
  expect(existsSync(folder), 'the deleted account has a folder again').toBe(false);
});

it('the same for an avatar (control)', async () => {
  const user = await createUser(server);
  const upload = slowUpload('/api/me/avatar', user, await pngBytes(64));
  await new Promise((r) => setTimeout(r, 300));
  expect((await deleteAccount(user)).status).toBe(204);
  const answer = await upload.finish();
  console.log('avatar answered', answer.status, answer.text);
  expect(existsSync(join(server.config.dataDir, 'storage', 'avatars', user.id))).toBe(false);
});
