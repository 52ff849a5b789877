import type { Kysely } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../db/migrated-pglite';
import type { Database } from '../../db/schema';
import { createUsageLog } from './usage';

let db: Kysely<Database>;
beforeAll(async () => {
  ({ db } = await openMigratedPglite());
});
afterAll(async () => {
  await db?.destroy();
});

const stored = async (clientId: string) =>
  db
    .selectFrom('oauth2_usage_stats')
    .select(['action', 'created_at'])
    .where('client_id', '=', clientId)
    .orderBy('id')
    .execute();

/** A logger whose warnings the test can read. */
function capturingLogger() {
  const warnings: unknown[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  return { logger, warnings };
}

describe('usage log (buffered OAuth usage events)', () => {
  it('holds events until a flush, then stores them all with the time each happened', async () => {
    const { logger } = capturingLogger();
    const usage = createUsageLog(db, logger, { flushMs: 60_000 });
    const before = Date.now();
    usage.record('client-a', 'authorize');
    usage.record('client-a', 'token_issued');
    usage.record(undefined, 'userinfo'); // no client: nothing to count
    usage.record('client-a', 'userinfo');
    expect(await stored('client-a')).toEqual([]);

    await usage.flush();
    const rows = await stored('client-a');
    expect(rows.map((r) => r.action)).toEqual(['authorize', 'token_issued', 'userinfo']);
    for (const row of rows) expect(new Date(row.created_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    await usage.flush(); // nothing new: nothing written twice
    expect(await stored('client-a')).toHaveLength(3);
  });

  it('writes on its own once the buffer is full, and on its timer', async () => {
    const { logger } = capturingLogger();
    const full = createUsageLog(db, logger, { flushMs: 60_000, maxBuffer: 3 });
    for (let i = 0; i < 3; i++) full.record('client-b', 'authorize');
    await full.flush(); // waits for the write the third event started
    expect(await stored('client-b')).toHaveLength(3);

    const timed = createUsageLog(db, logger, { flushMs: 20 });
    timed.start();
    timed.record('client-c', 'revoke');
    let rows: unknown[] = [];
    for (let i = 0; i < 100 && rows.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      rows = await stored('client-c');
    }
    expect(rows).toHaveLength(1);
    await timed.stop();
  });

  // It starts a second embedded database, which takes seconds on a busy machine.
  it('stop writes what is left; a failed write is logged, never thrown', { timeout: 60_000 }, async () => {
    const { logger, warnings } = capturingLogger();
    const usage = createUsageLog(db, logger, { flushMs: 60_000 });
    usage.start();
    usage.record('client-d', 'consent_granted');
    await usage.stop();
    expect(await stored('client-d')).toHaveLength(1);

    const { db: closed } = await openMigratedPglite();
    await closed.destroy();
    const broken = createUsageLog(closed, logger, { flushMs: 60_000 });
    broken.record('client-e', 'authorize');
    await expect(broken.flush()).resolves.toBeUndefined();
    expect(warnings).toEqual([expect.objectContaining({ msg: 'usage events not recorded', events: 1 })]);
  });
});
