import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, never, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An app's webhook (migration 0036): one endpoint per app. */
export interface AppWebhooksTable {
  client_id: string;
  url: string;
  events: string[];
  /** whsec_…, sealed with the 'webhook-secrets' secret box. */
  secret: string;
  /** The secret a rotation replaced, sealed alike: it signs too until previous_secret_expires_at. */
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_expires_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox of webhook deliveries, and what each answered. */
export interface WebhookDeliveriesTable {
  id: ColumnType<string, never, never>;
  event_id: string;
  client_id: string;
  type: string;
  /** The JSON body exactly as every attempt sends (and signs) it. */
  body: string;
  attempts: ColumnType<number, never, number>;
  next_attempt_at: ColumnType<Date, never, Date | string>;
  delivered_at: ColumnType<Date | null, never, Date | string | null>;
  failed_at: ColumnType<Date | null, never, Date | string | null>;
  last_status: ColumnType<number | null, never, number | null>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: ColumnType<Date, never, never>;
}

export interface WebhooksTables {
  app_webhooks: AppWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
