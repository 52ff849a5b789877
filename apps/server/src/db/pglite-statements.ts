import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import { perPglite } from './per-pglite';

/*
 * PGlite's `query` sends every statement unnamed, so PostgreSQL parses, analyses and plans it on
 * each call, and it crosses into the WebAssembly module six times (parse, describe, bind,
 * describe, execute, sync). For the statements declared in db/prepared.ts, the embedded database gets
 * what a PostgreSQL server's connections get from pg: each is parsed once under its name, then only
 * bound and executed, in one crossing. A code rotation's statement cost 0.58 ms unnamed against
 * 0.25 ms named (docs/performance.md, round 10).
 *
 * A statement run with `genericPlan` (the engine's, as on its own pool on a server: db/connect.ts)
 * is bound between two settings of `plan_cache_mode`, which PostgreSQL reads when it binds: forced
 * to one generic plan, then back to the default. The three go in one batch, one implicit
 * transaction: if the statement fails, the rest is skipped and the first setting is rolled back
 * with it, so no other query ever runs with it.
 */
const GENERIC = { name: 'pglite_generic_plans', text: 'set plan_cache_mode = force_generic_plan' };
const DEFAULT = { name: 'pglite_default_plans', text: 'set plan_cache_mode = auto' };
const { serialize } = protocol;

const joined = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

export interface PgliteStatements {
  /** Runs the declared statement `name` (its text `text`), parsing it first if this database has not. */
  run<R>(
    name: string,
    text: string,
    params: readonly unknown[],
    options?: { genericPlan?: boolean },
  ): Promise<Results<R>>;
}

/** One per database: a statement's name is the database's, whichever Kysely instance runs it. */
export const pgliteStatements = perPglite(createPgliteStatements);

function createPgliteStatements(pglite: PGlite): PgliteStatements {
  /** The parameter types of each statement this database has parsed (or is parsing), by name. */
  const parameterTypes = new Map<string, Promise<number[]>>();
  // A batch of messages ends with Sync, so an error leaves the connection ready for the next one.
  const exchange = (messages: Uint8Array[]) =>
    pglite.runExclusive(() => pglite.execProtocolStream(joined([...messages, serialize.sync()])));

  const prepare = (name: string, text: string): Promise<number[]> => {
    const known = parameterTypes.get(name);
    if (known) return known;
    const parsing = exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]).then(
      (replies) => parse.parseDescribeStatementResults(replies),
    );
    parameterTypes.set(name, parsing);
    // Refused (a table not there yet, an aborted transaction): parsed again on its next run.
    parsing.catch(() => parameterTypes.delete(name));
    return parsing;
  };

  return {
    async run<R>(
      name: string,
      text: string,
      params: readonly unknown[],
      options: { genericPlan?: boolean } = {},
    ) {
      const [types] = await Promise.all([
        prepare(name, text),
        ...(options.genericPlan
          ? [prepare(GENERIC.name, GENERIC.text), prepare(DEFAULT.name, DEFAULT.text)]
          : []),
      ]);
      // As PGlite's own query does: each value through the serializer of its parameter's type.
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[types[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const statement = [
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
      ];
      const setting = (name: string) => [serialize.bind({ statement: name }), serialize.execute({})];
      const replies = await exchange(
        options.genericPlan ? [...setting(GENERIC.name), ...statement, ...setting(DEFAULT.name)] : statement,
      );
      await pglite.syncToFs();
      // One result per statement executed: with the settings around it, the statement's is the second.
      const result = (parse.parseResults(replies, pglite.parsers) as Results<R>[])[
        options.genericPlan ? 1 : 0
      ];
      if (!result) throw new Error(`no result for statement ${name}`);
      return result;
    },
  };
}
