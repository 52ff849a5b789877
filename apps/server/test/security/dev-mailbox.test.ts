import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, migratedDataDirOnDisk, startTestServer, type TestServer } from '../support/test-server';
import { postJson, uniqueEmail } from '../support/users';

/**
 * Without SMTP_URL the dev mailbox lists every message, password-reset links included: it answers
 * loopback clients only, and never a request that came through a proxy (whose socket is loopback).
 */
const repoRoot = new URL('../../../../', import.meta.url).pathname;
/** An address of this machine that is not loopback, if it has one. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

let server: TestServer;
beforeAll(async () => {
  // Every interface, as `npm start` listens by default.
  server = await startTestServer({ HOST: '0.0.0.0' });
  await postJson(server, '/api/auth/forgot-password', { email: uniqueEmail('mailbox') });
  await postJson(server, '/api/auth/signup', {
    email: uniqueEmail('mailbox'),
    password: 'plum orchard lantern',
  });
}, 60_000);
afterAll(() => server?.close());

const get = (path: string, headers: Record<string, string> = {}, host = '127.0.0.1') =>
  fetch(`http://${host}:${new URL(server.url).port}${path}`, { headers });

async function unknownPath() {
  const res = await get('/dev/no-such-page');
  return { status: res.status, body: await res.text() };
}

describe('/dev/mailbox', () => {
  it('answers only under a name of this machine: a page rebinding its own name to 127.0.0.1 gets 404', async () => {
    const port = new URL(server.url).port;
    // fetch sets Host from the URL: a rebound name reaches loopback with the attacker's name.
    const { request } = await import('node:http');
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/dev/mailbox', headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await status(`rebind.attacker.example:${port}`)).toBe(404);
    expect(await status(`localhost:${port}`)).toBe(200);
    expect(await status(`127.0.0.1:${port}`)).toBe(200);
    expect(await status(new URL(server.config.publicUrl).host)).toBe(200);
  });

  it('shows the messages to a loopback client', async () => {
    const res = await get('/dev/mailbox');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('dev mailbox');
    expect(html).toContain('/auth/callback?token=');
  });

  it.each([
    ['X-Forwarded-For', '203.0.113.7'],
    ['X-Forwarded-For', '127.0.0.1'],
    ['Forwarded', 'for=203.0.113.7;proto=https'],
    ['X-Real-IP', '203.0.113.7'],
  ])('answers a request forwarded by a proxy (%s: %s) as an unknown path: 404', async (name, value) => {
    const res = await get('/dev/mailbox', { [name]: value });
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain('dev mailbox');
    expect(body).not.toContain('token=');
    expect({ status: res.status, body }).toEqual(await unknownPath());
  });

  it.skipIf(!lanAddress)('answers a client on another address (this machine’s LAN address) 404', async () => {
    const res = await get('/dev/mailbox', {}, lanAddress);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe((await unknownPath()).body);
    // The same server still answers that address for everything else.
    expect((await get('/healthz', {}, lanAddress)).status).toBe(200);
  });

  it('refuses forwarded requests even when TRUST_PROXY is on', async () => {
    const trusting = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      expect((await trusting.fetch('/dev/mailbox')).status).toBe(200);
      const res = await trusting.fetch('/dev/mailbox', { headers: { 'X-Forwarded-For': '127.0.0.1' } });
      expect(res.status).toBe(404);
    } finally {
      await trusting.close();
    }
  });
});

describe('the start-up log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'omnia-mailbox-log-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says where the mailbox is, and that it is loopback only', async () => {
    await migratedDataDirOnDisk(dataDir);
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        // The embedded database in its own DATA_DIR (never migrations in a shared server's database).
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'test',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in:\n${out}`)), 45_000);
      child?.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('Omnia is ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child?.once('exit', (code) => reject(new Error(`exited ${code}:\n${out}`)));
    });
    // Where the server is reached (PUBLIC_URL), so the link works from the machine itself.
    expect(out).toContain(`dev mailbox at http://127.0.0.1:${port}/dev/mailbox (loopback only)`);
  }, 60_000);
});
