import type { Notice, Notification } from '@omnia/contracts/notifications';
import { sql } from 'kysely';
import { deleteInBatches } from '../../db/batch-delete';
import type { Db } from '../../db/connect';

const iso = (value: Date | string) => new Date(value).toISOString();

/** An account's notices. Takes a Db or a transaction (other modules write in theirs). */
export function createNotificationsRepo(db: Db) {
  return {
    /** Writes a notice for the account, unread (in the caller's transaction, with the change it reports). */
    async add(userId: string, notice: Notice): Promise<void> {
      await db
        .insertInto('notifications')
        .values({ user_id: userId, kind: notice.kind, data: JSON.stringify(notice.data) })
        .execute();
    },

    async removeAll(userId: string): Promise<void> {
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
    },

    /** The newest `limit` notices of the account. */
    async list(userId: string, limit: number): Promise<Notification[]> {
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'kind', 'data', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(
        (r) =>
          ({
            id: r.id,
            kind: r.kind,
            data: r.data,
            created_at: iso(r.created_at),
            read_at: r.read_at ? iso(r.read_at) : null,
          }) as Notification,
      );
    },

    async unreadCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /**
     * Marks one of the account's notices read, keeping the first time it was read; false when the
     * account has no notice with that id (someone else's changes nothing).
     */
    async markRead(userId: string, id: string): Promise<boolean> {
      const row = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`coalesce(read_at, now())` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks every unread notice of the account read; returns how many. */
    async markAllRead(userId: string): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every notice of the account, newest first (Download your data). */
    async all(userId: string) {
      const rows = await db
        .selectFrom('notifications')
        .select(['kind', 'data', 'created_at', 'read_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r) => ({
        kind: r.kind,
        data: r.data,
        created_at: iso(r.created_at),
        read_at: r.read_at ? iso(r.read_at) : null,
      }));
    },

    /** Deletes notices older than `retentionDays`, read or not (every account's). */
    purgeOlderThan(retentionDays: number): Promise<number> {
      return deleteInBatches(
        db,
        'notifications',
        sql<boolean>`created_at < now() - (${retentionDays}::int * interval '1 day')`,
      );
    },
  };
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
