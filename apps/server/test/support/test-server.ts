import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Config, type Env, loadConfig } from '../../src/config';
import { connectDatabase, type DbHandle } from '../../src/db/connect';
import { embeddedDatabaseDir } from '../../src/db/embedded-dir';
import { migratedDataDir } from '../../src/db/migrated-pglite';
import { createLogger } from '../../src/logger';
import { type OmniaServer, type StartOptions, startServer } from '../../src/server';

export interface TestServer extends OmniaServer {
  config: Config;
  /** GET/POST helpers over real HTTP against this server. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/**
 * A fresh, isolated database for one test file: an in-memory PGlite by default, or a new database
 * on the PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
async function createTestDatabase(
  config: Config,
): Promise<{ handle: DbHandle; config: Config; drop(): Promise<void> }> {
  const adminUrl = config.database.url;
  if (!adminUrl) {
    const handle = await connectDatabase(config, { inMemory: true, startFrom: await migratedDataDir() });
    return { handle, config, drop: async () => {} };
  }
  const name = `omnia_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbConfig: Config = { ...config, database: { ...config.database, url: url.toString() } };
  const handle = await connectDatabase(dbConfig);
  return {
    handle,
    config: dbConfig,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Starts a real Omnia server on 127.0.0.1 with a random port and a fresh database. A port taken
 * between its probe and the server's listen (another worker's test server) is tried again on
 * another: nothing runs before the listen but the database, which goes with the attempt.
 */
export async function startTestServer(
  env: Env = {},
  options: Pick<StartOptions, 'modules'> = {},
): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (err) {
      if (attempt >= 3 || (err as { code?: unknown }).code !== 'EADDRINUSE') throw err;
    }
  }
}

async function startOnce(env: Env, options: Pick<StartOptions, 'modules'>): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'omnia-test-'));
  const port = await freePort();
  const base = loadConfig({
    DATABASE_URL: process.env.DATABASE_URL,
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...env,
  });
  const testDb = await createTestDatabase(base);
  const server = await startServer(testDb.config, {
    ...options,
    // Forgot-password and resend links are written by a worker on its own schedule: often, here.
    modules: { ...options.modules, accounts: { queuePollMs: 50, ...options.modules?.accounts } },
    dbHandle: testDb.handle,
    logger: createLogger(testDb.config),
  }).catch(async (err: unknown) => {
    await testDb.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    ...server,
    config: testDb.config,
    fetch: (path, init) => fetch(new URL(path, server.url), init),
    close: async () => {
      await server.stop();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/*
 * Ports the kernel hands out itself (port 0, and the local end of every outgoing connection, such as
 * each test's connections to PostgreSQL) come from the ephemeral range, 32768 and up on Linux. A port
 * probed there can be taken by an outgoing connection before the server binds it (EADDRINUSE in CI),
 * so test servers take theirs below it, at random, and probe that it is free.
 */
const TEST_PORTS = { from: 10_000, to: 32_000 };

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port that was free a moment ago, outside the ephemeral range (the issuer URL must be known before the server starts). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from));
    if (await probe(port)) return port;
  }
  throw new Error('no free port for a test server');
}

/**
 * A data directory whose embedded database already holds every migration, for a test that starts
 * the server as its own process and is not about the first start: PGlite's initdb in WebAssembly
 * (about 6 s) is the larger part of such a start; loading the migrated dump takes about half that.
 */
export async function migratedDataDirOnDisk(dataDir: string): Promise<void> {
  const pglite = new PGlite(embeddedDatabaseDir(dataDir), { loadDataDir: await migratedDataDir() });
  await pglite.waitReady;
  await pglite.close();
}
