import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { namedShape } from '../../db/named-statements';
import type { RateLimitTables } from './tables';
import type { RateRule, RateState } from './types';

/** One attempt counted on one key, in the window that ends at `resetAt`. */
export interface Slot {
  key: string;
  resetAt: Date;
}

/**
 * What became of a reserved attempt:
 * - failed: it stays counted (a wrong password);
 * - refund: it is given back (the attempt turned out not to count, e.g. a success on the IP key);
 * - clear: it and every settled attempt before it are wiped (a success on the account key);
 *   attempts still in flight stay counted, so a success never frees their slots.
 */
export type Outcome = 'failed' | 'refund' | 'clear';

export type Reservation<T> =
  | { granted: true; slots: Slot[]; row: T | undefined }
  | { granted: false; retryAfterSeconds: number; row: T | undefined };

const cte = (i: number) => sql.ref(`r${i}`);
const asDate = (value: unknown) => new Date(value as string | Date);

/**
 * Reserves one attempt on every key, in the order given, in ONE statement: each key's upsert only
 * counts if it is under its budget (`on conflict ... do update ... where`), and runs only if the
 * previous key's did (it selects from it). Keys are locked in that order, so callers that touch
 * the same keys must list them in the same order (no deadlock). `alongside`, a query of at most
 * one row, is read in the same statement (a login reads its account with its reservation).
 */
export async function reserveSlots<T extends object>(
  db: Kysely<RateLimitTables>,
  rules: readonly (readonly [key: string, rule: RateRule])[],
  at: Date,
  alongside?: Expression<T>,
): Promise<{
  granted: Slot[];
  refusedAt?: number;
  retryAfterSeconds: number;
  /** The refusing key was full only with attempts still in flight (settled ones leave room). */
  inFlight: boolean;
  row: T | undefined;
}> {
  const upserts = rules.map(([key, rule], i) => {
    const resetAt = new Date(at.getTime() + rule.windowSeconds * 1000);
    const source =
      i === 0
        ? sql`values (${key}::text, 1, 1, ${resetAt}::timestamptz)`
        : sql`select ${key}::text, 1, 1, ${resetAt}::timestamptz from ${cte(i - 1)}`;
    return sql`${cte(i)} as (
      insert into rate_limits as rl (key, count, pending, reset_at) ${source}
      on conflict (key) do update set
        count = case when rl.reset_at <= ${at} then 1 else rl.count + 1 end,
        pending = case when rl.reset_at <= ${at} then 1 else rl.pending + 1 end,
        reset_at = case when rl.reset_at <= ${at} then excluded.reset_at else rl.reset_at end
      where rl.reset_at <= ${at} or rl.count < ${rule.points}::int
      returning rl.reset_at)`;
  });
  // Per key: the window it was counted in (null: refused or not reached), and the window as it
  // stood before this statement (for the time to wait when refused).
  const columns = rules.map(
    ([key], i) =>
      sql`(select reset_at from ${cte(i)}) as ${sql.ref(`rl_granted_${i}`)},
        (select reset_at from rate_limits where key = ${key}::text) as ${sql.ref(`rl_current_${i}`)},
        (select count - pending from rate_limits where key = ${key}::text) as ${sql.ref(`rl_settled_${i}`)}`,
  );
  const extra = alongside ?? sql`select 1 as rl_nothing`;
  const statement = sql<Record<string, unknown>>`with ${sql.join(upserts)}
    select ${sql.join(columns)}, a.*, (a is null) as rl_absent
    from (select 1) as one left join (${extra}) as a on true`.compile(db);
  // One shape per call site (its number of keys and what it reads alongside): named.
  namedShape('ratelimit_reserve', statement.sql);
  const { rows } = await db.executeQuery(statement);
  const row = rows[0] ?? {};

  const granted: Slot[] = [];
  let refusedAt: number | undefined;
  let retryAfterSeconds = 0;
  let inFlight = false;
  for (const [i, [key, rule]] of rules.entries()) {
    const slot = row[`rl_granted_${i}`];
    if (slot) {
      granted.push({ key, resetAt: asDate(slot) });
      continue;
    }
    refusedAt = i;
    const current = row[`rl_current_${i}`];
    const left = current ? Math.ceil((asDate(current).getTime() - at.getTime()) / 1000) : 0;
    // A window opened by a concurrent statement is not in this one's snapshot: assume a full one.
    retryAfterSeconds = left > 0 ? left : rule.windowSeconds;
    const settled = row[`rl_settled_${i}`];
    inFlight = settled !== null && settled !== undefined && Number(settled) < rule.points;
    break;
  }
  const found: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) if (!name.startsWith('rl_')) found[name] = value;
  return {
    granted,
    refusedAt,
    retryAfterSeconds,
    inFlight,
    row: alongside && row.rl_absent === false ? (found as T) : undefined,
  };
}

/** The count after settling (pending always goes down by one). */
const COUNT_AFTER: Record<Outcome, RawBuilder<number>> = {
  failed: sql<number>`count`,
  refund: sql<number>`greatest(count - 1, 0)`,
  clear: sql<number>`greatest(pending - 1, 0)`,
};

/**
 * The CTEs that settle reserved attempts, named `<prefix>0`, `<prefix>1`…, in the order given
 * (the order they were reserved in: each update waits for the previous one, so row locks are taken
 * in the same order). A slot whose window has since ended is left alone. Each returns the key's
 * count and window after. Another statement may run them with its own work (a login settles its
 * reservation in the statement that opens its session): PostgreSQL runs every data-modifying CTE
 * once, whether or not the statement reads it.
 */
export function settleCtes(
  items: readonly { slot: Slot; outcome: Outcome }[],
  prefix = 'r',
): RawBuilder<unknown>[] {
  const name = (i: number) => sql.ref(`${prefix}${i}`);
  return items.map(({ slot, outcome }, i) => {
    const after = i === 0 ? sql`true` : sql`(select count(*) from ${name(i - 1)}) >= 0`;
    return sql`${name(i)} as (
      update rate_limits set count = ${COUNT_AFTER[outcome]}, pending = greatest(pending - 1, 0)
      where key = ${slot.key}::text and reset_at = ${slot.resetAt}::timestamptz and ${after}
      returning count, reset_at)`;
  });
}

/** Settles reserved attempts in ONE statement (see settleCtes). Returns each key's state after. */
export async function settleSlots(
  db: Kysely<RateLimitTables>,
  items: readonly { slot: Slot; outcome: Outcome }[],
  at: Date,
): Promise<RateState[]> {
  if (!items.length) return [];
  const columns = items.map(
    (_, i) =>
      sql`(select count from ${cte(i)}) as ${sql.ref(`c${i}`)}, (select reset_at from ${cte(i)}) as ${sql.ref(`t${i}`)}`,
  );
  const { rows } = await sql<Record<string, unknown>>`with ${sql.join(settleCtes(items))}
    select ${sql.join(columns)}`.execute(db);
  const row = rows[0] ?? {};
  return items.map((_, i) => {
    const count = row[`c${i}`];
    const resetAt = row[`t${i}`];
    const resetInSeconds = resetAt ? Math.ceil((asDate(resetAt).getTime() - at.getTime()) / 1000) : 0;
    return count === null || count === undefined || resetInSeconds <= 0
      ? { count: 0, resetInSeconds: 0 }
      : { count: Number(count), resetInSeconds };
  });
}
