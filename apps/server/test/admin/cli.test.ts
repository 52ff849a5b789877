import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@omnia/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer, type TestServer } from '../support/test-server';
import { clientRow, listedVersion, runAdminCli, seedClient } from './helpers';

const embedded = !process.env.DATABASE_URL;

/** The command line with only the server's PORT, DATA_DIR and DATABASE_URL. */
const runCli = (
  args: string[],
  env: { PORT: number; DATA_DIR: string; DATABASE_URL?: string },
  from: 'build' | 'sources' = 'build',
) =>
  runAdminCli(
    args,
    { PORT: String(env.PORT), DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL ?? '' },
    { from },
  );

let server: TestServer;
let serverEnv: { PORT: number; DATA_DIR: string; DATABASE_URL?: string };
beforeAll(async () => {
  server = await startTestServer();
  serverEnv = {
    PORT: server.config.port,
    DATA_DIR: server.config.dataDir,
    DATABASE_URL: server.config.database.url,
  };
});
afterAll(async () => {
  await server?.close();
});

describe(`npm run admin against a running server (${embedded ? 'PGlite: over /api/admin' : 'PostgreSQL: direct'})`, () => {
  it('clients approve / reject change the row at once', async () => {
    const seeded = await seedClient(server, { name: 'My App' });
    const approve = await runCli(
      ['clients', 'approve', seeded.clientId, await listedVersion(server, seeded.clientId)],
      serverEnv,
    );
    expect(approve).toMatchObject({ code: 0, stderr: '' });
    expect(approve.stdout.trim()).toBe(`approved ${seeded.clientId} (My App)`);
    expect((await clientRow(server, seeded.clientId)).status).toBe('approved');

    const reject = await runCli(['clients', 'reject', seeded.clientId], serverEnv);
    expect(reject.code).toBe(0);
    expect(reject.stdout.trim()).toBe(`rejected ${seeded.clientId} (My App)`);
    expect((await clientRow(server, seeded.clientId)).status).toBe('rejected');

    // Each decision is in the app's history, however the command reached the data.
    const history = await server.deps.dbHandle.db
      .selectFrom('oauth2_client_changes')
      .select(['fields', 'before', 'after', 'state'])
      .where('client_id', '=', seeded.clientId)
      .orderBy('created_at')
      .execute();
    expect(history).toEqual([
      { fields: ['status'], before: { status: 'pending' }, after: { status: 'approved' }, state: 'approved' },
      {
        fields: ['status'],
        before: { status: 'approved' },
        after: { status: 'rejected' },
        state: 'rejected',
      },
    ]);
  });

  it('npm run admin (the sources, through tsx) is the same command', async () => {
    const seeded = await seedClient(server, { name: 'Source App' });
    const approve = await runCli(
      ['clients', 'approve', seeded.clientId, await listedVersion(server, seeded.clientId)],
      serverEnv,
      'sources',
    );
    expect(approve).toMatchObject({ code: 0, stderr: '' });
    expect(approve.stdout.trim()).toBe(`approved ${seeded.clientId} (Source App)`);
    expect((await clientRow(server, seeded.clientId)).status).toBe('approved');
  });

  it('clients list prints a table with the client, its status, name and owner', async () => {
    const seeded = await seedClient(server, {
      name: 'Listed\u001b[31m App',
      createdAt: new Date('2031-02-03T04:05:00Z'),
    });
    const list = await runCli(['clients', 'list'], serverEnv);
    expect(list.code).toBe(0);
    const lines = list.stdout.split('\n');
    expect(lines[0]).toMatch(/^CLIENT ID\s+STATUS\s+NAME\s+OWNER\s+CREATED \(UTC\)$/);
    // Newest first; the escape character in the name is neutralised.
    expect(lines[1]).toMatch(
      new RegExp(
        `^${seeded.clientId}\\s+pending\\s+Listed\\?\\[31m App\\s+${seeded.ownerEmail}\\s+2031-02-03 04:05$`,
      ),
    );
    expect(list.stdout).not.toContain('\u001b');
    expect(list.stdout).toMatch(/\d+ clients?, \d+ pending/);
  });

  it('keys list and keys rotate: the next key is published at once and signs after the delay', async () => {
    const before = await runCli(['keys', 'list'], serverEnv);
    expect(before).toMatchObject({ code: 0, stderr: '' });
    const [signing] = before.stdout.trim().split('\n');
    expect(signing).toMatch(/^[0-9a-f]{16} {2}signs$/);

    const rotate = await runCli(['keys', 'rotate'], serverEnv);
    expect(rotate.code).toBe(0);
    const made = /^Made signing key ([0-9a-f]{16}): published in the JWKS now, it signs from (\S+)\./.exec(
      rotate.stdout,
    );
    expect(made).not.toBeNull();
    const [, kid = '', from = ''] = made ?? [];
    expect(new Date(from).getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    const after = await runCli(['keys', 'list'], serverEnv);
    expect(after.stdout.trim().split('\n')).toEqual([signing, `${kid}  published, signs from ${from}`]);
    // Over /api/admin the server looked again at once; a direct write reaches it on its timer.
    await server.signingKeys.refresh();
    const jwks = (await (await server.fetch('/oauth2/jwks')).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);

    const wrong = await runCli(['keys', 'rotate', '--later'], serverEnv);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Unknown keys command: rotate --later');
  });

  it('an unknown client exits 1 with a message and no stack trace', async () => {
    const res = await runCli(['clients', 'approve', 'omnia_nosuchclient', 'abc'], serverEnv);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr.trim()).toBe('Unknown client: omnia_nosuchclient');
  });

  it('an app without its homepage, privacy policy and terms is not approved, and says why', async () => {
    const bare = await seedClient(server, { links: false });
    const res = await runCli(
      ['clients', 'approve', bare.clientId, await listedVersion(server, bare.clientId)],
      serverEnv,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(ERRORS.client_links_missing.message);
    expect((await clientRow(server, bare.clientId)).status).toBe('pending');
  });

  it('bad usage exits 1 with the usage', async () => {
    for (const args of [[], ['clients', 'approve'], ['users', 'list']]) {
      const res = await runCli(args, serverEnv);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.stderr).toContain('Usage: npm run admin -- <command>');
    }
  });

  it.runIf(!embedded)(
    'with DATABASE_URL it works on the database, whether or not a server listens',
    async () => {
      const seeded = await seedClient(server);
      const res = await runCli(
        ['clients', 'approve', seeded.clientId, await listedVersion(server, seeded.clientId)],
        {
          ...serverEnv,
          PORT: await freePort(),
        },
      );
      expect(res.code).toBe(0);
      expect((await clientRow(server, seeded.clientId)).status).toBe('approved');
    },
  );

  it.runIf(embedded)('a wrong DATA_DIR (no admin key) is refused with a clear message', async () => {
    const otherDir = mkdtempSync(join(tmpdir(), 'omnia-admin-'));
    try {
      const res = await runCli(['clients', 'list'], { ...serverEnv, DATA_DIR: otherDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('No admin key at');
      expect(res.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(embedded)('npm run admin and another program on the port', () => {
  it('sends the key only to a server that proves it holds it, and believes nothing else', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'omnia-admin-'));
    writeFileSync(join(dataDir, 'admin.key'), 'K'.repeat(43), { mode: 0o600 });
    const seen: (string | undefined)[] = [];
    // A local user's program on the port while Omnia is down (or bound elsewhere): it answers anything.
    const squatter = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ proof: 'x', clients: [] }));
    });
    const port = await freePort();
    await new Promise<void>((listening) => squatter.listen(port, '127.0.0.1', listening));
    try {
      const res = await runCli(['clients', 'list'], { PORT: port, DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('did not prove it holds the admin key');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((header) => header === undefined)).toBe(true);
    } finally {
      squatter.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(embedded)('npm run admin and a relay on another port', () => {
  it('a program on the port the command was given, passing every request to the server, never gets the key', async () => {
    const seen: (string | undefined)[] = [];
    // A local user's program on the port the command was (wrongly) given: it relays to Omnia.
    const relay = createServer((req, res) => {
      seen.push(req.headers.authorization);
      fetch(`${server.url}${req.url}`, { method: req.method })
        .then(async (answer) => {
          res.statusCode = answer.status;
          res.setHeader('content-type', 'application/json');
          res.end(await answer.text());
        })
        .catch(() => res.destroy());
    });
    const port = await freePort();
    await new Promise<void>((listening) => relay.listen(port, '127.0.0.1', listening));
    try {
      const res = await runCli(['clients', 'list'], { PORT: port, DATA_DIR: serverEnv.DATA_DIR });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('did not prove it holds the admin key');
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((header) => header === undefined)).toBe(true);
    } finally {
      relay.close();
    }
  });
});

describe.runIf(embedded)('npm run admin with no server running (embedded database)', () => {
  it('opens a fresh data directory itself, creating the tables', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'omnia-admin-'));
    try {
      const env = { PORT: await freePort(), DATA_DIR: dataDir };
      const list = await runCli(['clients', 'list'], env);
      expect(list).toMatchObject({ code: 0, stdout: 'No OAuth2 clients.\n' });
      const unknown = await runCli(['clients', 'reject', 'omnia_nosuchclient'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr.trim()).toBe('Unknown client: omnia_nosuchclient');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('does not open a data directory that looks held when no server answers', {
    timeout: 60_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'omnia-admin-'));
    try {
      mkdirSync(join(dataDir, 'pgdata'));
      writeFileSync(join(dataDir, 'pgdata', 'postmaster.pid'), '-42\n');
      const res = await runCli(['clients', 'list'], { PORT: await freePort(), DATA_DIR: dataDir });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('is in use (postmaster.pid is present)');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
