import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_KEYS } from '../../src/db/advisory-lock';
import { connectDatabase, type Db, type DbHandle } from '../../src/db/connect';
import { createHousekeeping, PURGE_STEPS, type PurgeStep } from '../../src/housekeeping';
import { createLogger } from '../../src/logger';
import { startTestServer, type TestServer } from '../support/test-server';

const logger = createLogger({ logLevel: 'silent' });
const onPostgres = Boolean(process.env.DATABASE_URL);
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A purge step that waits for `open()` before it returns, to keep its round (and the lock) going. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let entered = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const step: PurgeStep = async () => {
    entered();
    await opened;
    return 0;
  };
  return { step, open, inside };
}

describe('housekeeping', () => {
  it('purges expired rate-limit windows and engine rows, and reports what it deleted', async () => {
    const db = server.deps.dbHandle.db;
    const past = new Date(Date.now() - 60_000);
    await db.insertInto('rate_limits').values({ key: 'test:expired', count: 3, reset_at: past }).execute();
    await db
      .insertInto('oidc_models')
      .values({ model: 'AuthorizationCode', id: 'expired-code', payload: '{}', expires_at: past })
      .execute();
    const round = await createHousekeeping({ db, logger }).runOnce();
    expect(round.ran).toBe(true);
    if (!round.ran) return;
    expect(Object.keys(round.purged).sort()).toEqual(Object.keys(PURGE_STEPS).sort());
    expect(round.purged.rate_limits).toBeGreaterThanOrEqual(1);
    expect(round.purged.oidc_models).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('rate_limits').where('key', '=', 'test:expired').execute()).toEqual([]);
    expect(await db.selectFrom('oidc_models').where('id', '=', 'expired-code').execute()).toEqual([]);
  });

  describe.skipIf(!onPostgres)('on a PostgreSQL server shared by several instances', () => {
    let other: DbHandle;
    beforeAll(async () => {
      // A second instance: its own pool on the same database.
      other = await connectDatabase(server.config);
    });
    afterAll(() => other?.close());

    const runner = (db: Db, steps?: Record<string, PurgeStep>) =>
      createHousekeeping({ db, logger, steps: steps ?? PURGE_STEPS });

    it('two runners at once: one does the round, the other skips it', async () => {
      const held = gate();
      const a = runner(server.deps.dbHandle.db, { ...PURGE_STEPS, hold: held.step });
      const b = runner(other.db);
      const roundA = a.runOnce();
      await held.inside;
      expect(await b.runOnce()).toEqual({ ran: false, reason: 'locked' });
      held.open();
      expect((await roundA).ran).toBe(true);
      // The lock is free again: the next round runs wherever it starts.
      expect((await b.runOnce()).ran).toBe(true);
    });

    it('many concurrent rounds never overlap: each either runs alone or skips', async () => {
      let active = 0;
      let overlapped = false;
      const watch: PurgeStep = async () => {
        active++;
        if (active > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 20));
        active--;
        return 0;
      };
      const runners = [server.deps.dbHandle.db, other.db].map((db) => runner(db, { watch }));
      const rounds = await Promise.all(Array.from({ length: 10 }, (_, i) => runners[i % 2]!.runOnce()));
      expect(overlapped).toBe(false);
      expect(rounds.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
      expect(rounds.filter((r) => !r.ran).every((r) => !r.ran && r.reason === 'locked')).toBe(true);
    });

    it('skips while an outside session holds the lock, runs once it is released', async () => {
      const holder = new pg.Client({ connectionString: server.config.database.url });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [LOCK_KEYS.maintenance]);
        expect(await runner(other.db).runOnce()).toEqual({ ran: false, reason: 'locked' });
        await holder.query('select pg_advisory_unlock($1)', [LOCK_KEYS.maintenance]);
        expect((await runner(other.db).runOnce()).ran).toBe(true);
      } finally {
        await holder.end();
      }
    });
  });
});
