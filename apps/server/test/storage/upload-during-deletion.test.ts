import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pngBytes } from '../developer/helpers';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

/*
 * An upload whose account is deleted while its body is still on its way: the deletion removed the
 * account's folder before the file was written, so the upload removes what it wrote and answers 401.
 * A picture or logo of a deleted account must not stay public (served for a year, immutable).
 */
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

it('a logo upload under way when its account is deleted leaves no file of the deleted account', async () => {
  const user = await createUser(server);
  const upload = slowUpload('/api/developer/logos', user, await pngBytes(64));
  // The guard and the budget pass on the headers; the deletion then commits while the body comes.
  await new Promise((r) => setTimeout(r, 300));
  const deleted = await deleteAccount(user);
  expect(deleted.status).toBe(204);
  // Refused, as any request of a deleted account: no address of a file is handed out.
  expect((await upload.finish()).status).toBe(401);
  const folder = join(server.config.dataDir, 'storage', 'oauth2-logos', user.id);
  // No file of the deleted account (an empty folder the store made for the write may stay).
  expect(existsSync(folder) ? readdirSync(folder) : [], 'files of the deleted account').toEqual([]);
});

it('the same for an avatar', async () => {
  const user = await createUser(server);
  const upload = slowUpload('/api/me/avatar', user, await pngBytes(64));
  await new Promise((r) => setTimeout(r, 300));
  expect((await deleteAccount(user)).status).toBe(204);
  expect([201, 401]).toContain((await upload.finish()).status);
  expect(existsSync(join(server.config.dataDir, 'storage', 'avatars', user.id))).toBe(false);
});
