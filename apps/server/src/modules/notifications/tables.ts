import type { ColumnType, Generated } from 'kysely';

/** An account's security notices (the bell): one row per notice, unread until read_at is set. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  /** A NotificationKind (contracts/notifications.ts). */
  kind: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
