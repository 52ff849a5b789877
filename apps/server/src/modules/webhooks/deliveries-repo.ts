import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { fairDueIds } from '../../jobs/fair-claim';
import { ABOUT_A_PERSON } from './person-events';

export interface DueWebhookDelivery {
  id: string;
  client_id: string;
  event_id: string;
  body: string;
  attempts: number;
  /** The event is older than the retry period: a failure now is final. */
  expired: boolean;
  /** An event about a person for an app the operator has rejected since: not sent. */
  withheld: boolean;
}

/** webhook_deliveries: the outbox of webhook events, and what each delivery answered. */
export function createWebhookDeliveriesRepo(db: Db) {
  return {
    /** Of these apps, those whose webhook takes events of `type` (every webhook takes a ping). */
    async subscribed(clientIds: readonly string[], type: string): Promise<string[]> {
      if (clientIds.length === 0) return [];
      const { rows } = await sql<{ client_id: string }>`
        select client_id from app_webhooks
         where client_id = any(${[...clientIds]}::text[])
           and (${type} = 'ping' or ${type} = any(events))`.execute(db);
      return rows.map((r) => r.client_id);
    },
    /**
     * Queues one event for each of these apps whose webhook subscribes to `type` (each app its own
     * event id); how many were queued. `data` is the event's payload.
     */
    async enqueue(clientIds: readonly string[], type: string, data: object, at: Date): Promise<number> {
      if (clientIds.length === 0) return 0;
      const result = await sql`
        insert into webhook_deliveries (event_id, client_id, type, body)
        select e.event_id, e.client_id, ${type},
               jsonb_build_object('id', e.event_id, 'type', ${type}::text, 'created_at', ${at.toISOString()}::text,
                                  'client_id', e.client_id, 'data', ${JSON.stringify(data)}::jsonb)::text
          from (select 'evt_' || replace(gen_random_uuid()::text, '-', '') as event_id, w.client_id
                  from app_webhooks w
                 where w.client_id = any(${[...clientIds]}::text[])
                   and (${type} = 'ping' or ${type} = any(w.events))) e`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    /** How many of an app's deliveries are not delivered or given up on yet. */
    async pendingCount(clientId: string): Promise<number> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('client_id', '=', clientId)
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },
    /** Queues a delivery's event again, as a new delivery of the same app; whether there was one. */
    async resend(clientId: string, deliveryId: string): Promise<boolean> {
      const result = await sql`
        insert into webhook_deliveries (event_id, client_id, type, body)
        select event_id, client_id, type, body from webhook_deliveries
         where id = ${deliveryId} and client_id = ${clientId}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    /** Claims due deliveries for `leaseSeconds` (other instances skip them), counting the attempt. */
    async claimDue(
      limit: number,
      leaseSeconds: number,
      retrySeconds: number,
      fair: { perApp: number; busyApps: string[] },
    ): Promise<DueWebhookDelivery[]> {
      const result = await sql<DueWebhookDelivery>`
        update webhook_deliveries
           set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
         where id in (${fairDueIds('webhook_deliveries', limit, fair.perApp, fair.busyApps)})
        returning id::text, client_id, event_id, body, attempts,
                  created_at <= now() - make_interval(secs => ${retrySeconds}) as expired,
                  (type = any(${[...ABOUT_A_PERSON]}::text[]) and exists (select 1 from oauth2_clients c
                    where c.client_id = webhook_deliveries.client_id and c.status = 'rejected')) as withheld`.execute(
        db,
      );
      return result.rows;
    },
    async delivered(id: string, status: number): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ delivered_at: sql<Date>`now()`, last_status: status, last_error: null })
        .where('id', '=', id)
        .execute();
    },
    async retry(id: string, status: number | null, error: string, delaySeconds: number): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          last_status: status,
          last_error: error,
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where('id', '=', id)
        .execute();
    },
    async failed(id: string, status: number | null, error: string): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({ failed_at: sql<Date>`now()`, last_status: status, last_error: error })
        .where('id', '=', id)
        .execute();
    },
    /** An app's latest deliveries, newest first. */
    recent: (clientId: string, limit: number) =>
      db
        .selectFrom('webhook_deliveries')
        .select([
          sql<string>`id::text`.as('id'),
          'event_id',
          'type',
          'created_at',
          'attempts',
          'delivered_at',
          'failed_at',
          'next_attempt_at',
          'last_status',
          'last_error',
        ])
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type WebhookDeliveriesRepo = ReturnType<typeof createWebhookDeliveriesRepo>;

/** Deletes deliveries older than `days` (housekeeping); how many. */
export async function purgeWebhookDeliveries(db: Db, days: number): Promise<number> {
  const gone = await db
    .deleteFrom('webhook_deliveries')
    .where('created_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
