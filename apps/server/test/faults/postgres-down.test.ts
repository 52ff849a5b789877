import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    const answered = (status: number, from = 0) => statuses.slice(from).filter((s) => s === status).length;
    // Load before the outage: a few sign-ups have gone through.
    await vi.waitFor(() => expect(answered(201)).toBeGreaterThanOrEqual(3), {
      timeout: 30_000,
      interval: 50,
    });
    const atOutage = statuses.length;
    pg.stop('immediate');
    const down = Date.now();
    // Load during the outage: several requests have been answered 503 since it began.
    await vi.waitFor(() => expect(answered(503, atOutage)).toBeGreaterThanOrEqual(10), {
      timeout: 30_000,
      interval: 50,
    });
    const during = await signUp(-1);
    expect(during.status).toBe(503);
    expect(Date.now() - down).toBeLessThan(10_000);
    const ready = await fetch(`${omnia.url}/readyz`);
    expect(ready.status).toBe(503);

    pg.start();
    // Recovers without a restart of Omnia: a sign-up goes through again.
    let t = 10_000;
    await vi.waitFor(async () => expect((await signUp(t++)).status).toBe(201), {
      timeout: 30_000,
      interval: 250,
    });
    running = false;
    await load;
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
