import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Env, loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { startServer } from '../../src/server';
import type { TestServer } from '../support/test-server';

/** A started instance and the environment it was started with (for a command run "on" it). */
export interface Instance extends TestServer {
  env: Record<string, string>;
}

/**
 * Starts Omnia instances of one deployment in this process, each on its own port, its own connection
 * pool and its own DATA_DIR (so nothing is shared through the disk), all given the same environment:
 * DATABASE_URL, S3_*, SECRET_KEY and PUBLIC_URL (what a load balancer would front).
 */
export async function startInstances(
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
