import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from './context';

/** A database that does not answer within this is as good as down for a load balancer's probe. */
const READY_TIMEOUT_MS = 3_000;

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    const answered = sql`select 1`.execute(db).then(
      () => true,
      () => false,
    );
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) =>
      (await databaseAnswers(db))
        ? c.json({ status: 'ready', database: 'ok' })
        : c.json({ status: 'unavailable', database: 'unreachable' }, 503),
    );
}
