import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Db } from '../db/connect';
import type { AppEnv } from './context';

export function healthRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: 'ready', database: 'ok' });
      } catch {
        return c.json({ status: 'unavailable', database: 'unreachable' }, 503);
      }
    });
}
