import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { connectDatabase, type DbHandle } from '../../src/db/connect';
import { migratedDataDir } from '../../src/db/migrated-pglite';
import { healthRoutes } from '../../src/http/health-routes';
import { freePort, startTestServer, type TestServer } from '../support/test-server';

const dataDir = mkdtempSync(join(tmpdir(), 'omnia-readyz-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const configFor = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
// The health routes on their own: the whole app cannot be composed without a database to start on.
const appOn = (handle: DbHandle) => healthRoutes(handle.db);

describe('/readyz', () => {
  it('answers 503 while the PostgreSQL server cannot be reached, /healthz stays 200', async () => {
    const config = configFor({
      DATABASE_URL: `postgres://omnia@127.0.0.1:${await freePort()}/omnia`,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
    });
    const handle = await connectDatabase(config);
    try {
      const app = appOn(handle);
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
      expect((await app.request('/healthz')).status).toBe(200);
    } finally {
      await handle.close();
    }
  });

  it('answers 503 once the embedded database is closed', async () => {
    const handle = await connectDatabase(configFor({}), {
      inMemory: true,
      startFrom: await migratedDataDir(),
    });
    const app = appOn(handle);
    expect((await app.request('/readyz')).status).toBe(200);
    await handle.close();
    expect((await app.request('/readyz')).status).toBe(503);
  });

  /** A server on its own database, an admin connection to that PostgreSQL, and a way to cut its connections. */
  async function onPostgres(
    run: (s: {
      server: TestServer;
      name: string;
      admin: pg.Client;
      cutConnections(): Promise<unknown>;
    }) => Promise<void>,
  ) {
    const server = await startTestServer();
    const name = new URL(server.config.database.url!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const cutConnections = () =>
      admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
    try {
      await run({ server, name, admin, cutConnections });
    } finally {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
      await admin.end();
      await server.close();
    }
  }

  it.skipIf(!process.env.DATABASE_URL)(
    'on a PostgreSQL server: 200 right after its connections were cut, while it accepts new ones',
    () =>
      onPostgres(async ({ server, cutConnections }) => {
        // Several probes at once leave several idle connections in the pool.
        const first = await Promise.all(Array.from({ length: 6 }, () => server.fetch('/readyz')));
        expect(first.map((r) => r.status)).toEqual(Array(6).fill(200));
        await cutConnections();
        expect((await server.fetch('/readyz')).status).toBe(200);
      }),
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'on a PostgreSQL server: 503 while its database refuses connections, 200 again once it accepts them',
    () =>
      onPostgres(async ({ server, name, admin, cutConnections }) => {
        expect((await server.fetch('/readyz')).status).toBe(200);
        await admin.query(`alter database ${name} allow_connections false`);
        await cutConnections();
        expect((await server.fetch('/readyz')).status).toBe(503);
        expect((await server.fetch('/healthz')).status).toBe(200);
        await admin.query(`alter database ${name} allow_connections true`);
        expect((await server.fetch('/readyz')).status).toBe(200);
      }),
  );
});
