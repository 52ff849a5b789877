import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Env } from '../../src/config';
import { loadConfig } from '../../src/config';
import { connectDatabase } from '../../src/db/connect';
import { createLogger } from '../../src/logger';
import type { Instance } from './instances';

const mainTs = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const WORKERS = 2;

/**
 * One `npm start` cluster (WEB_CONCURRENCY=2, node:cluster) seen as the two instances A and B of the
 * two-instance tests. Every request goes over a new connection, which the primary hands to the
 * next worker in turn, so consecutive requests of a test are answered by different workers: what
 * holds for two machines must hold here. The tests' direct database reads use a pool of their own.
 */
export async function startClusterPair(
  port: number,
  env: Env,
): Promise<{ a: Instance; b: Instance; close(): Promise<void> }> {
  const childEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...env, WEB_CONCURRENCY: String(WORKERS) }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const { child, exited, url } = await spawnCluster(port, childEnv);

  const config = loadConfig(env);
  const logger = createLogger(config);
  const dbHandle = await connectDatabase(config);
  const fetchNew = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('connection', 'close');
    return fetch(new URL(path, url), { ...init, headers });
  };
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const unreachable = async (): Promise<never> => {
    throw new Error('the cluster workers hold their signing keys: use the admin command');
  };
  const view = (): Instance => ({
    // The workers hold the listening servers; this one only satisfies the shape and never listens.
    server: createServer(),
    deps: { config, dbHandle, logger },
    url,
    config,
    env: childEnv,
    fetch: fetchNew,
    stop,
    close: async () => {},
    // The workers hold their engines; a test of the cluster cannot reach into them.
    signingKeys: {
      refresh: unreachable,
      rotate: unreachable,
      list: unreachable,
      active: () => {
        throw new Error('the cluster workers hold their signing keys');
      },
    },
  });
  return {
    a: view(),
    b: view(),
    async close() {
      await stop();
      await dbHandle.close();
    },
  };
}

/** A clustered server (main.ts with WEB_CONCURRENCY) on `port`, once every worker answers. */
export async function spawnCluster(
  port: number,
  env: Record<string, string>,
  onOutput?: (line: string) => void,
): Promise<{ child: ChildProcess; exited: Promise<number | null>; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env,
    stdio: ['ignore', onOutput ? 'pipe' : 'inherit', 'inherit'],
  });
  if (onOutput && child.stdout) {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onOutput(line);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitForWorkers(child, url);
  return { child, exited, url };
}

/** Ready when a run of new connections (handed to each worker in turn) all answer /readyz. */
async function waitForWorkers(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let ready = 0;
  while (ready < WORKERS * 2) {
    if (child.exitCode !== null) throw new Error(`the clustered server exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the clustered server did not become ready');
    const ok = await fetch(`${url}/readyz`, { headers: { connection: 'close' } }).then(
      (res) => res.ok,
      () => false,
    );
    ready = ok ? ready + 1 : 0;
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
