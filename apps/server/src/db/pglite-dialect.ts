import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { perPglite } from './per-pglite';
import { type PgliteStatements, pgliteStatements } from './pglite-statements';
import { preparedName } from './prepared';

/**
 * Kysely over PGlite. PGlite has one connection, so one queue per database hands it to one Kysely
 * connection at a time, also across Kysely instances on the same database (the app's and the
 * engine's): that keeps transactions from interleaving.
 *
 * `genericPlans`: the declared statements this instance runs keep one plan without their values,
 * as the engine's pool does on a PostgreSQL server (db/connect.ts, db/pglite-statements.ts).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly options: { genericPlans?: boolean } = {},
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.options.genericPlans ?? false);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** The one connection's queue, shared by every Kysely instance on the database. */
const queueOf = perPglite((): { tail: Promise<void> } => ({ tail: Promise.resolve() }));

class PGliteDriver implements Driver {
  private readonly queue: { tail: Promise<void> };
  private readonly connection: PGliteConnection;
  private releaseCurrent: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    genericPlans: boolean,
  ) {
    this.queue = queueOf(pglite);
    this.connection = new PGliteConnection(pglite, genericPlans);
  }
  async init() {
    await this.pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue.tail;
    let release!: () => void;
    this.queue.tail = new Promise<void>((r) => {
      release = r;
    });
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery({ sql: `begin${level}`, parameters: [] } as unknown as CompiledQuery);
  }
  async commitTransaction(conn: DatabaseConnection) {
    await conn.executeQuery({ sql: 'commit', parameters: [] } as unknown as CompiledQuery);
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await conn.executeQuery({ sql: 'rollback', parameters: [] } as unknown as CompiledQuery);
  }
  async releaseConnection() {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }
  async destroy() {
    await this.queue.tail;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  private readonly statements: PgliteStatements;
  constructor(
    private readonly pglite: PGlite,
    private readonly genericPlans: boolean,
  ) {
    this.statements = pgliteStatements(pglite);
  }
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Declared statements (db/prepared.ts) run by name, as they do on a PostgreSQL server.
    const name = preparedName(query.sql);
    const result =
      name === undefined
        ? await this.pglite.query<R>(query.sql, [...query.parameters])
        : await this.statements.run<R>(name, query.sql, query.parameters, { genericPlan: this.genericPlans });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && result.fields.length === 0 ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // biome-ignore lint/correctness/useYield: streaming is not supported on PGlite; the method must exist.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}
