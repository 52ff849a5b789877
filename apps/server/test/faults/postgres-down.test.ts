import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { createLogger } from '../../src/logger';
import { type OmniaServer, startServer } from '../../src/server';
import { createPrivatePostgres, postgresBin } from '../support/private-postgres';
import { freePort } from '../support/test-server';

/**
 * PostgreSQL stopped under load: requests fail fast with a clear 503 and recover by themselves
 * when it returns; no sign-up is left half-written.
 */
const available = postgresBin() !== null;
let pg: ReturnType<typeof createPrivatePostgres>;
let omnia: OmniaServer;

beforeAll(async () => {
  if (!available) return;
  pg = createPrivatePostgres(await freePort());
  const port = await freePort();
  const config = loadConfig({
    DATABASE_URL: pg.url,
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: `/tmp/omnia-faults-${port}`,
    LOG_LEVEL: 'silent',
  });
  omnia = await startServer(config, {
    dbHandle: await connectDatabase(config),
    logger: createLogger(config),
  });
}, 120_000);
afterAll(async () => {
  if (!available) return;
  await omnia?.stop().catch(() => {});
  pg?.destroy();
});

const signUp = (i: number) =>
  fetch(`${omnia.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `fault-${i}-${Date.now()}@example.test`,
      password: 'plum orchard lantern',
    }),
  });

describe.skipIf(!available)('PostgreSQL stopped and restarted under load', () => {
  it('answers 503 with a clear message while it is down, then recovers by itself', async () => {
    // Load before, during and after the outage.
    const statuses: number[] = [];
    let i = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        const res = await signUp(i++).catch(() => null);
        statuses.push(res?.status ?? 0);
        if (res && res.status >= 500) {
          const body = (await res.json()) as { error: { code: string; message: string } };
          expect(body.error.code).toBe('database_unavailable');
          expect(body.error.message).toMatch(/temporarily unavailable/);
        } else await res?.body?.cancel();
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    pg.stop('immediate');
    const down = Date.now();
    await new Promise((r) => setTimeout(r, 3000));
    const during = await signUp(-1);
    expect(during.status).toBe(503);
    expect(Date.now() - down).toBeLessThan(10_000);
    const ready = await fetch(`${omnia.url}/readyz`);
    expect(ready.status).toBe(503);

    pg.start();
    // Recovers without a restart of Omnia.
    let recovered = false;
    for (let t = 0; t < 40 && !recovered; t++) {
      recovered = (await signUp(10_000 + t)).status === 201;
      if (!recovered) await new Promise((r) => setTimeout(r, 250));
    }
    running = false;
    await load;
    expect(recovered).toBe(true);
    expect((await fetch(`${omnia.url}/readyz`)).status).toBe(200);
    // Only 201s, 503s and refused connections: never another 5xx.
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThan(0);
  }, 90_000);

  it('left no half-written sign-up: every user has its verification link and its e-mail', async () => {
    const db = omnia.deps.dbHandle.db;
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    expect(users.length).toBeGreaterThan(0);
    for (const u of users) {
      const token = await db
        .selectFrom('email_tokens')
        .select('user_id')
        .where('user_id', '=', u.id)
        .where('purpose', '=', 'verify')
        .executeTakeFirst();
      const mail = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', u.email)
        .executeTakeFirst();
      expect(token, `token for ${u.email}`).toBeDefined();
      expect(mail, `mail for ${u.email}`).toBeDefined();
    }
  });
});
