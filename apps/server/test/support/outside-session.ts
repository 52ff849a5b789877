import pg from 'pg';

/** One SQL statement and its values. */
export type Statement = [text: string, values: unknown[]];

/** Whether the tests run on a PostgreSQL server (DATABASE_URL), where another session can hold locks. */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Plays one side of a race step by step, in a transaction of a session of its own on the PostgreSQL
 * server at `url`: runs `before`, then starts `during` (a request), and once that request waits for
 * a lock (or has answered) runs `after` and commits. `during`'s response. PGlite has one
 * connection, so nothing can race there: callers skip without DATABASE_URL.
 */
export async function interleave(
  url: string | undefined,
  before: Statement[],
  during: () => Promise<Response>,
  after: Statement[],
): Promise<Response> {
  const outside = new pg.Client({ connectionString: url });
  await outside.connect();
  try {
    await outside.query('begin');
    for (const [text, values] of before) await outside.query(text, values);
    let answered = false;
    const request = during().finally(() => {
      answered = true;
    });
    for (let i = 0; i < 200 && !answered; i++) {
      const { rows } = await outside.query<{ n: number }>(
        `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where not l.granted and a.datname = current_database()`,
      );
      if (rows[0]?.n) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const [text, values] of after) await outside.query(text, values);
    await outside.query('commit');
    return await request;
  } finally {
    await outside.end();
  }
}

/** Runs `work` while a session of its own holds `lock` (statements) in an open transaction. */
export async function whileHeld<T>(
  url: string | undefined,
  lock: Statement[],
  work: () => Promise<T>,
): Promise<T> {
  const outside = new pg.Client({ connectionString: url });
  await outside.connect();
  try {
    await outside.query('begin');
    for (const [text, values] of lock) await outside.query(text, values);
    const result = await work();
    await outside.query('commit');
    return result;
  } finally {
    await outside.end();
  }
}
