import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
