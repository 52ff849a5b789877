import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrivatePostgres, postgresBin } from '../support/private-postgres';
import { freePort } from '../support/test-server';

/** The process killed (SIGKILL) in the middle of sign-ups: afterwards every account is whole or absent. */
const available = postgresBin() !== null;
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'omnia-kill-'));
let pgServer: ReturnType<typeof createPrivatePostgres> | undefined;
const children: ChildProcess[] = [];

async function startOmnia(databaseUrl: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Each sign-up comes from its own forwarded address, so the per-IP limit does not stop the burst.
      TRUST_PROXY: 'true',
      NODE_ENV: 'test',
    },
    stdio: 'ignore',
  });
  children.push(child);
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('omnia did not start');
}

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  pgServer?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!available)('killed during sign-ups', () => {
  it('after a restart every account is complete (user, verification link, e-mail) or absent', async () => {
    pgServer = createPrivatePostgres(await freePort());
    const port = await freePort();
    const first = await startOmnia(pgServer.url, port);
    let sent = 0;
    const inFlight: Promise<unknown>[] = [];
    const burst = setInterval(() => {
      for (let k = 0; k < 4; k++) {
        const email = `killed-${sent++}@example.test`;
        inFlight.push(
          fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.9.${sent >> 8}.${sent & 255}`,
            },
            body: JSON.stringify({ email, password: 'plum orchard lantern' }),
          }).catch(() => null),
        );
      }
    }, 20);
    // Killed once some sign-ups have landed (a busy CI machine may take a while), mid-burst.
    const watcher = new pg.Client({ connectionString: pgServer.url });
    await watcher.connect();
    for (let i = 0; i < 300; i++) {
      const { rows } = await watcher.query<{ n: number }>(
        `select count(*)::int as n from users where email like 'killed-%'`,
      );
      if ((rows[0]?.n ?? 0) >= 5 && sent > 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await watcher.end();
    first.kill('SIGKILL');
    clearInterval(burst);
    await Promise.all(inFlight);
    expect(sent).toBeGreaterThan(20);

    await startOmnia(pgServer.url, port);
    const client = new pg.Client({ connectionString: pgServer.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; tokens: number; mails: number }>(`
        select u.email,
          (select count(*)::int from email_tokens t where t.user_id = u.id and t.purpose = 'verify') as tokens,
          (select count(*)::int from mail_outbox m where m.to_address = u.email) as mails
        from users u where u.email like 'killed-%'`);
      expect(rows.length).toBeGreaterThan(0);
      const broken = rows.filter((r) => r.tokens < 1 || r.mails < 1);
      expect(broken).toEqual([]);
      // The burst used up this address's sign-up allowance (the limits survive the restart, as
      // they should); clear it so the check below is about the restart, not the limiter.
      await client.query('delete from rate_limits');
    } finally {
      await client.end();
    }
    // The restarted instance serves requests normally.
    const again = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'after-restart@example.test', password: 'plum orchard lantern' }),
    });
    expect(again.status).toBe(201);
  }, 120_000);
});
