import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Env, loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { startServer } from '../../src/server';
import { freePort, type TestServer } from '../support/test-server';
import { startClusterPair } from './cluster-instances';

/** A started instance and the environment it was started with (for a command run "on" it). */
export interface Instance extends TestServer {
  env: Record<string, string>;
}

/**
 * Starts Omnia instances of one deployment in this process, each on its own port, its own connection
 * pool and its own DATA_DIR (so nothing is shared through the disk), all given the same environment:
 * DATABASE_URL, S3_*, SECRET_KEY and PUBLIC_URL (what a load balancer would front).
 */
async function startInstances(
  ports: number[],
  env: Env & { DATABASE_URL: string; PUBLIC_URL: string },
): Promise<Instance[]> {
  const shared = { SECRET_KEY: randomBytes(32).toString('base64url'), ...env };
  return Promise.all(
    ports.map(async (port) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'omnia-instance-'));
      const instanceEnv: Env = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
        ...shared,
      };
      const config = loadConfig(instanceEnv);
      const omnia = await startServer(config, { logger: createLogger(config) });
      return {
        ...omnia,
        config,
        env: Object.fromEntries(
          Object.entries(instanceEnv).filter((entry): entry is [string, string] => entry[1] !== undefined),
        ),
        fetch: (path: string, init?: RequestInit) => fetch(new URL(path, omnia.url), init),
        close: async () => {
          await omnia.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    }),
  );
}

/** The environment of one clustered deployment, as startInstances gives each instance. */
function clusterEnv(port: number, env: Env): Env {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'omnia-cluster-')),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SECRET_KEY: randomBytes(32).toString('base64url'),
    ...env,
  };
}

/** Two instances of one deployment on a database of their own, created on DATABASE_URL's server. */
export interface SharedDatabasePair {
  a: Instance;
  b: Instance;
  close(): Promise<void>;
}

/**
 * Creates a fresh database on the PostgreSQL server named by `adminUrl`, starts two instances on
 * it (A's URL is the public one, as behind a load balancer), and on close stops them and drops it.
 */
export async function startPairOnNewDatabase(
  adminUrl: string,
  prefix: string,
  env: Env = {},
): Promise<SharedDatabasePair> {
  const dbName = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(statement);
    await admin.end();
  };
  await run(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = { DATABASE_URL: url.toString(), PUBLIC_URL: `http://127.0.0.1:${portA}`, ...env };
  if (process.env.TEST_CLUSTER === '1') {
    // The same tests against one clustered server (npm start's workers): `.ci/run` runs both ways.
    const pair = await startClusterPair(portA, clusterEnv(portA, shared));
    return {
      a: pair.a,
      b: pair.b,
      async close() {
        await pair.close();
        await run(`drop database if exists ${dbName} with (force)`);
      },
    };
  }
  const [a, b] = (await startInstances([portA, portB], shared)) as [Instance, Instance];
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await run(`drop database if exists ${dbName} with (force)`);
    },
  };
}
