import { setTimeout as sleep } from 'node:timers/promises';
import { type Expression, type Kysely, sql } from 'kysely';
import { type Outcome, type Reservation, reserveSlots, type Slot, settleSlots } from './reserve';
import type { RateLimitTables } from './tables';
import type { RateRule, RateState } from './types';

export type { Outcome, Reservation, Slot } from './reserve';
export type { RateRule, RateState } from './types';

/** How long a reservation waits for attempts in flight to settle, and how often it looks. */
const IN_FLIGHT_WAIT_MS = 3_000;
const IN_FLIGHT_POLL_MS = 25;

/** The budget is used up: a lockout rule ("5 failures lock") blocks from here on. */
export const exhausted = (s: RateState, rule: RateRule) => s.count >= rule.points && s.resetInSeconds > 0;
/** This hit went over the budget: a quota rule ("5 per hour") refuses it. */
export const exceeded = (s: RateState, rule: RateRule) => s.count > rule.points && s.resetInSeconds > 0;

/**
 * Fixed-window counters in the `rate_limits` table, so every instance shares them. One upsert per
 * hit (`on conflict ... do update ... returning`) works on PostgreSQL and PGlite alike, which
 * rate-limiter-flexible's PostgreSQL store (it needs a pg client) does not.
 */
export function createRateLimiter(
  db: Kysely<RateLimitTables>,
  now: () => number = Date.now,
  /** How long a reservation waits for attempts in flight before it is refused (tests set 0). */
  inFlightWaitMs = IN_FLIGHT_WAIT_MS,
) {
  const state = (count: number, resetAt: Date): RateState => {
    const resetInSeconds = Math.max(0, Math.ceil((resetAt.getTime() - now()) / 1000));
    return resetInSeconds > 0 ? { count, resetInSeconds } : { count: 0, resetInSeconds: 0 };
  };
  /** Waits (reading, with growing pauses) until every key has room, or the deadline; whether it has. */
  const roomWithin = async (rules: readonly (readonly [key: string, rule: RateRule])[], deadline: number) => {
    for (let pause = IN_FLIGHT_POLL_MS; Date.now() < deadline; pause = Math.min(pause * 2, 200)) {
      await sleep(pause);
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'count', 'reset_at'])
        .where(
          'key',
          'in',
          rules.map(([key]) => key),
        )
        .execute();
      const at = now();
      const full = rules.some(([key, rule]) => {
        const row = rows.find((r) => r.key === key);
        return row !== undefined && new Date(row.reset_at).getTime() > at && row.count >= rule.points;
      });
      if (!full) return true;
    }
    return false;
  };

  return {
    /** Counts one event and returns the state after it. */
    async hit(key: string, rule: RateRule): Promise<RateState> {
      const at = new Date(now());
      const resetAt = new Date(at.getTime() + rule.windowSeconds * 1000);
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<Date>`case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return state(row.count, new Date(row.reset_at));
    },
    /** The state without counting. */
    async peek(key: string): Promise<RateState> {
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? state(row.count, new Date(row.reset_at)) : { count: 0, resetInSeconds: 0 };
    },
    /**
     * Counts an attempt BEFORE it is made, on every key or on none (one statement; see
     * reserveSlots): refused when any key's budget is used up, so no more attempts than the budget
     * are ever in flight or done per window, on any number of instances. Settle the slots once the
     * outcome is known. A partial reservation (a later key refused) is given back at once.
     */
    async reserve<T extends object = never>(
      rules: readonly (readonly [key: string, rule: RateRule])[],
      alongside?: Expression<T>,
    ): Promise<Reservation<T>> {
      const started = Date.now();
      for (;;) {
        const at = new Date(now());
        const result = await reserveSlots(db, rules, at, alongside);
        if (result.refusedAt === undefined) return { granted: true, slots: result.granted, row: result.row };
        if (result.granted.length) {
          await settleSlots(
            db,
            result.granted.map((slot) => ({ slot, outcome: 'refund' as const })),
            at,
          );
        }
        // Full only of attempts still in flight: they may well be right passwords, which are given
        // back, so this one waits for them instead of being refused (people behind one address
        // signing in at once never lock each other out; only failures use a budget up). It
        // waits with a read, and reserves again only once every key has room.
        if (result.inFlight && (await roomWithin(rules, started + inFlightWaitMs))) continue;
        return { granted: false, retryAfterSeconds: result.retryAfterSeconds, row: result.row };
      }
    },
    /** Settles reserved slots (one statement, in the order reserved); the keys' states after. */
    settle(items: readonly { slot: Slot; outcome: Outcome }[]): Promise<RateState[]> {
      return settleSlots(db, items, new Date(now()));
    },
    /** Forgets the keys' counts (their windows start over). */
    async reset(...keys: string[]): Promise<void> {
      if (keys.length) await db.deleteFrom('rate_limits').where('key', 'in', keys).execute();
    },
    /**
     * Deletes the counters keyed by an account (`<budget>:<id>`, and `<budget>:<owner>:<id>` for
     * one owner's additions of it), when the account goes. Only keys of these shapes: an address
     * another counter is keyed by is text anyone may choose.
     */
    async forgetAccount(accountId: string, budgets: readonly string[]): Promise<void> {
      await db
        .deleteFrom('rate_limits')
        .where((eb) =>
          eb.or([
            eb(
              'key',
              'in',
              budgets.map((budget) => `${budget}:${accountId}`),
            ),
            ...budgets.map((budget) => eb('key', 'like', `${budget}:%:${accountId}`)),
          ]),
        )
        .execute();
    },
    /** Drops finished windows (run now and then). */
    async purgeExpired(): Promise<number> {
      const result = await db
        .deleteFrom('rate_limits')
        .where('reset_at', '<=', new Date(now()))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
