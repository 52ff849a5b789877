import type { ColumnType, Generated } from 'kysely';

export interface SecurityEventsTable {
  id: Generated<string>;
  user_id: string;
  kind: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface SecurityTables {
  security_events: SecurityEventsTable;
}
