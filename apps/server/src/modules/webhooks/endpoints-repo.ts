import { sql } from 'kysely';
import type { Db } from '../../db/connect';

const WEBHOOK_COLUMNS = [
  'url',
  'events',
  'created_at',
  'updated_at',
  sql<Date | null>`case when previous_secret_expires_at > now() then previous_secret_expires_at end`.as(
    'previous_secret_expires_at',
  ),
] as const;

/** The signing secrets a delivery to an app is signed with: the current one, and the previous while it lasts. */
export interface EndpointSecrets {
  client_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
}

/** app_webhooks: one endpoint per app, its events and its sealed signing secrets. */
export function createEndpointsRepo(db: Db) {
  return {
    /**
     * Serialises the app's manual sends until the transaction ends (on any instance); false when
     * the app has no webhook. An advisory lock, not the webhook's row: deleting the app cascades
     * into that row, and would deadlock with a send holding it.
     */
    async serializeSends(clientId: string): Promise<boolean> {
      await sql`select pg_advisory_xact_lock(hashtext(${`webhook-manual:${clientId}`}))`.execute(db);
      const row = await db
        .selectFrom('app_webhooks')
        .select('client_id')
        .where('client_id', '=', clientId)
        .executeTakeFirst();
      return row !== undefined;
    },
    find: (clientId: string) =>
      db
        .selectFrom('app_webhooks')
        .select(WEBHOOK_COLUMNS)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),
    /**
     * Creates the app's webhook with `sealedSecret`, or changes its URL and events (keeping its
     * secret) in one statement; `created` says which.
     */
    async save(clientId: string, url: string, events: readonly string[], sealedSecret: string) {
      const row = await db
        .insertInto('app_webhooks')
        .values({ client_id: clientId, url, events: [...events], secret: sealedSecret })
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet({ url, events: [...events], updated_at: sql<Date>`now()` }),
        )
        .returning([...WEBHOOK_COLUMNS, sql<boolean>`xmax = 0`.as('created')])
        .executeTakeFirstOrThrow();
      return row;
    },
    /** The current secret becomes the previous one for `graceSeconds`; undefined without a webhook. */
    rotate: (clientId: string, sealedSecret: string, graceSeconds: number) =>
      db
        .updateTable('app_webhooks')
        .set({
          previous_secret: sql<string>`secret`,
          previous_secret_expires_at: sql<Date>`now() + make_interval(secs => ${graceSeconds})`,
          secret: sealedSecret,
          updated_at: sql<Date>`now()`,
        })
        .where('client_id', '=', clientId)
        .returning(WEBHOOK_COLUMNS)
        .executeTakeFirst(),
    async remove(clientId: string): Promise<boolean> {
      const gone = await db.deleteFrom('app_webhooks').where('client_id', '=', clientId).executeTakeFirst();
      return gone.numDeletedRows > 0n;
    },
    /** The endpoints of these apps with their live secrets (sealed). */
    secretsOf: (clientIds: readonly string[]): Promise<EndpointSecrets[]> =>
      clientIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('app_webhooks')
            .select([
              'client_id',
              'url',
              'secret',
              sql<string | null>`case when previous_secret_expires_at > now() then previous_secret end`.as(
                'previous_secret',
              ),
            ])
            .where('client_id', 'in', [...clientIds])
            .execute(),
  };
}
export type EndpointsRepo = ReturnType<typeof createEndpointsRepo>;

/** Drops previous secrets whose day is over (housekeeping); how many. */
export async function purgeExpiredWebhookSecrets(db: Db): Promise<number> {
  const done = await db
    .updateTable('app_webhooks')
    .set({ previous_secret: null, previous_secret_expires_at: null })
    .where('previous_secret_expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}
