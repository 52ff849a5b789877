import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../db/migrated-pglite';
import { createRateLimiter, exceeded, exhausted } from './limiter';
import { spendOnSuccess } from './quota';
import type { RateLimitTables } from './tables';

let db: Kysely<RateLimitTables>;
beforeAll(async () => {
  // The whole schema, as the server has it (a fresh initdb in WebAssembly took seconds longer).
  ({ db } = await openMigratedPglite());
});
afterAll(async () => {
  await db?.destroy();
});

describe('rate limiter (fixed window in PostgreSQL)', () => {
  const rule = { points: 3, windowSeconds: 60 };

  it('counts hits in a window and resets after it', async () => {
    let now = 1_000_000_000_000;
    const limiter = createRateLimiter(db, () => now);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await limiter.hit('a', rule));
    expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4]);
    expect(states.map((s) => exhausted(s, rule))).toEqual([false, false, true, true]);
    expect(states.map((s) => exceeded(s, rule))).toEqual([false, false, false, true]);
    expect(states[3]?.resetInSeconds).toBe(60);

    now += 30_000;
    expect(await limiter.peek('a')).toEqual({ count: 4, resetInSeconds: 30 });
    now += 31_000;
    expect(await limiter.peek('a')).toEqual({ count: 0, resetInSeconds: 0 });
    expect((await limiter.hit('a', rule)).count).toBe(1);
  });

  it('keeps keys apart, resets a key and purges finished windows', async () => {
    let now = 2_000_000_000_000;
    const limiter = createRateLimiter(db, () => now);
    await limiter.hit('x', rule);
    await limiter.hit('y', rule);
    await limiter.reset('x');
    expect((await limiter.peek('x')).count).toBe(0);
    expect((await limiter.peek('y')).count).toBe(1);
    now += 120_000;
    expect(await limiter.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('rate_limits').select('key').where('key', '=', 'y').execute()).toHaveLength(0);
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = createRateLimiter(db);
    const states = await Promise.all(
      Array.from({ length: 10 }, () => limiter.hit('burst', { points: 5, windowSeconds: 60 })),
    );
    expect(states.map((s) => s.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('spendOnSuccess (what an account may create in a day)', () => {
  const rule = { points: 2, windowSeconds: 60 };

  it('keeps a unit for each success, gives it back on a throw, refuses past the budget', async () => {
    const limiter = createRateLimiter(db, Date.now, 0);
    const quota: [string, typeof rule] = ['spend-a', rule];
    const boom = new Error('refused');
    for (let i = 0; i < 5; i++)
      await expect(
        spendOnSuccess(limiter, quota, 'appRegistrationLimit', () => Promise.reject(boom)),
      ).rejects.toBe(boom);
    expect((await limiter.peek('spend-a')).count).toBe(0);
    expect(await spendOnSuccess(limiter, quota, 'appRegistrationLimit', async () => 'one')).toBe('one');
    expect(await spendOnSuccess(limiter, quota, 'appRegistrationLimit', async () => 'two')).toBe('two');
    let ran = false;
    const over = spendOnSuccess(limiter, quota, 'appRegistrationLimit', async () => {
      ran = true;
    });
    await expect(over).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(ran).toBe(false);
    expect((await limiter.peek('spend-a')).count).toBe(2);
  });
});
