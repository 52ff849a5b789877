import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../db/migrated-pglite';
import { createRateLimiter } from './limiter';
import type { RateLimitTables } from './tables';

let db: Kysely<RateLimitTables>;
beforeAll(async () => {
  // The whole schema, as the server has it (a fresh initdb in WebAssembly took seconds longer).
  ({ db } = await openMigratedPglite());
});
afterAll(async () => {
  await db?.destroy();
});

const rule = { points: 3, windowSeconds: 60 };
const row = (key: string) =>
  db.selectFrom('rate_limits').select(['count', 'pending']).where('key', '=', key).executeTakeFirst();

describe('reserve and settle (attempts counted before they are made)', () => {
  it('grants up to the budget, then refuses with the time left, counting nothing more', async () => {
    let now = 1_000_000_000_000;
    const limiter = createRateLimiter(db, () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.reserve([['r-a', rule]])).granted).toBe(true);
    now += 20_000;
    const refused = await limiter.reserve([['r-a', rule]]);
    expect(refused).toMatchObject({ granted: false, retryAfterSeconds: 40 });
    expect(await row('r-a')).toEqual({ count: 3, pending: 3 });
    // A new window starts over.
    now += 41_000;
    expect((await limiter.reserve([['r-a', rule]])).granted).toBe(true);
    expect(await row('r-a')).toEqual({ count: 1, pending: 1 });
  });

  it('grants exactly the budget to a concurrent burst', async () => {
    const limiter = createRateLimiter(db, Date.now, 0);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.reserve([['r-burst', { points: 5, windowSeconds: 60 }]])),
    );
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    expect(await row('r-burst')).toEqual({ count: 5, pending: 5 });
  });

  it('reserves several keys all or none: a later key refused gives the earlier one back', async () => {
    const limiter = createRateLimiter(db, Date.now, 0);
    const one = { points: 1, windowSeconds: 60 };
    expect((await limiter.reserve([['r-second', one]])).granted).toBe(true);
    const refused = await limiter.reserve([
      ['r-first', rule],
      ['r-second', one],
    ]);
    expect(refused.granted).toBe(false);
    expect(await row('r-first')).toEqual({ count: 0, pending: 0 });
    // The first key refused: the second is not even counted.
    for (let i = 0; i < 3; i++) await limiter.reserve([['r-full', rule]]);
    expect(
      (
        await limiter.reserve([
          ['r-full', rule],
          ['r-untouched', rule],
        ])
      ).granted,
    ).toBe(false);
    expect(await row('r-untouched')).toBeUndefined();
  });

  it('settles: a failure stays counted, a refund is given back, a clear wipes what was settled before it', async () => {
    const limiter = createRateLimiter(db, Date.now, 0);
    const reserve = async () => {
      const r = await limiter.reserve([['r-settle', { points: 5, windowSeconds: 60 }]]);
      if (!r.granted) throw new Error('refused');
      return r.slots[0]!;
    };
    const [a, b, c, d] = [await reserve(), await reserve(), await reserve(), await reserve()];
    expect(await limiter.settle([{ slot: a, outcome: 'failed' }])).toEqual([
      { count: 4, resetInSeconds: expect.any(Number) },
    ]);
    await limiter.settle([{ slot: b, outcome: 'refund' }]);
    expect(await row('r-settle')).toEqual({ count: 3, pending: 2 });
    // c succeeds while d is still in flight: the failure (a) is wiped, d stays counted.
    await limiter.settle([{ slot: c, outcome: 'clear' }]);
    expect(await row('r-settle')).toEqual({ count: 1, pending: 1 });
    await limiter.settle([{ slot: d, outcome: 'clear' }]);
    expect(await row('r-settle')).toEqual({ count: 0, pending: 0 });
  });

  it('settles several keys in one statement and leaves a window that has ended alone', async () => {
    let now = 3_000_000_000_000;
    const limiter = createRateLimiter(db, () => now);
    const r = await limiter.reserve([
      ['r-x', rule],
      ['r-y', rule],
    ]);
    if (!r.granted) throw new Error('refused');
    const states = await limiter.settle([
      { slot: r.slots[0]!, outcome: 'failed' },
      { slot: r.slots[1]!, outcome: 'refund' },
    ]);
    expect(states).toEqual([
      { count: 1, resetInSeconds: 60 },
      { count: 0, resetInSeconds: 60 },
    ]);
    const late = await limiter.reserve([['r-late', rule]]);
    if (!late.granted) throw new Error('refused');
    now += 61_000;
    await limiter.reserve([['r-late', rule]]);
    expect(await limiter.settle([{ slot: late.slots[0]!, outcome: 'refund' }])).toEqual([
      { count: 0, resetInSeconds: 0 },
    ]);
    expect(await row('r-late')).toEqual({ count: 1, pending: 1 });
  });

  it('reads a row alongside the reservation, in the same statement', async () => {
    const limiter = createRateLimiter(db, Date.now, 0);
    const found = await limiter.reserve(
      [['r-along', rule]],
      sql<{ name: string; n: number }>`select 'ada' as name, 7 as n`,
    );
    expect(found.row).toEqual({ name: 'ada', n: 7 });
    const none = await limiter.reserve(
      [['r-along', rule]],
      sql<{ name: string }>`select 'x' as name where false`,
    );
    expect(none.row).toBeUndefined();
    expect(none.granted).toBe(true);
  });

  it('a budget full only of attempts in flight waits for them: given back, the next one goes through', async () => {
    const limiter = createRateLimiter(db);
    const two = { points: 2, windowSeconds: 60 };
    const held = await Promise.all([limiter.reserve([['r-wait', two]]), limiter.reserve([['r-wait', two]])]);
    const slots = held.map((r) => (r.granted ? r.slots[0]! : undefined));
    const third = limiter.reserve([['r-wait', two]]);
    // Both in flight succeed (given back): the third, which waited, is granted.
    await limiter.settle(slots.map((slot) => ({ slot: slot!, outcome: 'refund' as const })));
    expect((await third).granted).toBe(true);
  });

  it('a budget full of failures refuses at once', async () => {
    const limiter = createRateLimiter(db);
    const one = { points: 1, windowSeconds: 60 };
    const first = await limiter.reserve([['r-failed', one]]);
    if (!first.granted) throw new Error('refused');
    await limiter.settle([{ slot: first.slots[0]!, outcome: 'failed' }]);
    const started = Date.now();
    expect((await limiter.reserve([['r-failed', one]])).granted).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
