import type { Db } from '../../db/connect';
import { createOutboxRepo, type MailMessage } from './repo';

/**
 * How every other module sends mail: writes the message to the outbox. Pass the transaction that
 * writes the token the message carries, so both commit or neither does; the worker delivers it.
 */
export function enqueueMail(db: Db, message: MailMessage): Promise<string> {
  return createOutboxRepo(db).insert(message);
}
