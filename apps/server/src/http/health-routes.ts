import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from './context';

/** A database that does not answer within this is as good as down for a load balancer's probe. */
const READY_TIMEOUT_MS = 3_000;

/*
 * A pooled connection whose server process ended while it sat idle (a restart, a failover,
 * pg_terminate_backend) fails its next query with one of these, even when the database is back.
 * The pool drops it after that failure, so the probe asks again on another connection: only a
 * database that refuses a fresh connection, or does not answer in time, is unready.
 */
const DEAD_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE', '57P01', '57P02']);
const MAX_ATTEMPTS = 20;

function diedWhileIdle(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return (
    (typeof code === 'string' && DEAD_CONNECTION_CODES.has(code)) ||
    /Connection terminated/i.test(err.message)
  );
}

async function selectOne(db: Db): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`select 1`.execute(db);
      return true;
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !diedWhileIdle(err)) return false;
    }
  }
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([selectOne(db), timedOut]);
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
