import { sql } from 'kysely';
import type { Db } from '../../db/connect';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface QueuedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export function createOutboxRepo(db: Db) {
  return {
    async insert(message: MailMessage): Promise<string> {
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /**
     * Leases up to `limit` due messages: one statement takes them with `for update skip locked` (so
     * instances never take the same row) and pushes their next attempt past the lease. If this
     * instance dies mid-send, the lease ends and another instance retries.
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<QueuedMail[]> {
      const result = await sql<QueuedMail>`
        update mail_outbox
        set attempts = attempts + 1,
            next_attempt_at = now() + (${leaseSeconds}::int * interval '1 second')
        where id in (
          select id from mail_outbox
          where sent_at is null and failed_at is null and next_attempt_at <= now()
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        )
        returning id, to_address, subject, text_body, html_body, attempts`.execute(db);
      return result.rows;
    },
    /** Delivered; `forgetBody`: its text goes (the links in it live on in the mailbox only). */
    async markSent(id: string, forgetBody: boolean): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          sent_at: sql`now()`,
          last_error: null,
          ...(forgetBody ? { text_body: '', html_body: '' } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    async markRetry(id: string, error: string, delaySeconds: number): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: error.slice(0, 1000),
          next_attempt_at: sql`now() + (${delaySeconds}::int * interval '1 second')`,
        })
        .where('id', '=', id)
        .execute();
    },
    /** Given up; `forgetBody` as for markSent: nobody will read its links. */
    async markFailed(id: string, error: string, forgetBody: boolean): Promise<void> {
      await db
        .updateTable('mail_outbox')
        .set({
          last_error: error.slice(0, 1000),
          failed_at: sql`now()`,
          ...(forgetBody ? { text_body: '', html_body: '' } : {}),
        })
        .where('id', '=', id)
        .execute();
    },
    listRecent(limit: number) {
      return db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'to_address',
          'subject',
          'text_body',
          'created_at',
          'sent_at',
          'attempts',
          'last_error',
        ])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },
    /** Messages still to deliver (not sent, not given up): the outbox depth. */
    async countPending(): Promise<number> {
      const row = await db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Delivered mail older than its links' lifetime is deleted: the bodies carried one-time links. */
    async purgeDelivered(olderThanSeconds: number): Promise<number> {
      const result = await db
        .deleteFrom('mail_outbox')
        .where((eb) => eb.or([eb('sent_at', 'is not', null), eb('failed_at', 'is not', null)]))
        .where('created_at', '<', sql<Date>`now() - (${olderThanSeconds}::int * interval '1 second')`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
