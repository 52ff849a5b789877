import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/test-server';
import { spawnCluster } from './cluster-instances';

/**
 * `npm start`'s cluster (WEB_CONCURRENCY=2): connections are spread over the workers, /metrics
 * counts every worker's requests whichever worker is scraped, a worker that dies is replaced,
 * and SIGTERM stops every worker gracefully. Needs a PostgreSQL server (the workers share it).
 */
const adminUrl = process.env.DATABASE_URL;
const dbName = `omnia_cluster_${randomBytes(6).toString('hex')}`;
const dataDir = mkdtempSync(join(tmpdir(), 'omnia-cluster-test-'));
const lines: string[] = [];
let cluster: Awaited<ReturnType<typeof spawnCluster>>;

const admin = async (statement: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
};
const logged = () =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as { pid?: number; msg?: string; path?: string }];
    } catch {
      return [];
    }
  });
const listening = () => logged().filter((l) => l.msg === 'omnia listening');
const fresh = (path: string) => fetch(new URL(path, cluster.url), { headers: { connection: 'close' } });

beforeAll(async () => {
  if (!adminUrl) return;
  await admin(`create database ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const port = await freePort();
  const env = Object.fromEntries(
    Object.entries({
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      SECRET_KEY: randomBytes(32).toString('base64url'),
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  cluster = await spawnCluster(port, env, (line) => lines.push(line));
  // Ready means a worker answers; these tests need both listening, and the second may be slower
  // to start (the primary hands connections only to the workers listening so far).
  const deadline = Date.now() + 60_000;
  while (new Set(listening().map((l) => l.pid)).size < 2) {
    if (Date.now() > deadline) throw new Error('the second worker did not start listening');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 90_000);

afterAll(async () => {
  if (!adminUrl) return;
  if (cluster.child.exitCode === null) {
    cluster.child.kill('SIGTERM');
    await cluster.exited;
  }
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!adminUrl)('npm start as a cluster of two workers', () => {
  it('spreads new connections over both workers, and /metrics sums them all', async () => {
    const before = logged().length;
    for (let i = 0; i < 8; i++) expect((await fresh('/api/services')).status).toBe(200);
    const pids = new Set(
      logged()
        .slice(before)
        .filter((l) => l.path === '/api/services')
        .map((l) => l.pid),
    );
    expect(pids.size).toBe(2);
    const text = await (await fresh('/metrics')).text();
    const served = text.match(
      /^omnia_http_requests_total\{[^}]*route="\/api\/services"[^}]*status="200"\} (\d+)/m,
    );
    expect(Number(served?.[1])).toBe(8);
  });

  it('opens at most DATABASE_POOL_SIZE connections in all: each worker its share, LISTEN included', async () => {
    const text = await (await fresh('/metrics')).text();
    // The default size, 10, over two workers: a pool of four and one LISTEN connection each.
    const pooled = text.match(/^omnia_db_pool_max\{pool="app"\} (\d+)/m);
    expect(Number(pooled?.[1])).toBe(8);
    expect(Number(pooled?.[1]) + 2).toBeLessThanOrEqual(10);
  });

  it('replaces a worker that dies, and stops every worker on SIGTERM', async () => {
    const workers = new Set(listening().map((l) => l.pid));
    const victim = [...workers][0];
    expect(victim).toBeDefined();
    process.kill(victim as number, 'SIGKILL');
    await expect.poll(() => listening().length, { timeout: 30_000 }).toBe(3);
    for (let i = 0; i < 4; i++) expect((await fresh('/readyz')).status).toBe(200);

    cluster.child.kill('SIGTERM');
    expect(await cluster.exited).toBe(0);
    const messages = logged().map((l) => l.msg);
    expect(messages.filter((m) => m === 'shutdown complete')).toHaveLength(2);
    expect(messages).toContain('cluster: every worker stopped');
  });
});
