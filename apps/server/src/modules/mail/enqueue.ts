import type { Db } from '../../db/connect';
import { createOutboxRepo, type MailMessage } from './repo';

/** RFC 2606's top-level name that never resolves: an account parked on such an address gets no mail. */
const NEVER_DELIVERED = /\.invalid$/i;

/**
 * How every other module sends mail: writes the message to the outbox. Pass the transaction that
 * writes the token the message carries, so both commit or neither does; the worker delivers it.
 * A message to a `.invalid` address is not written: no relay could deliver it.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  if (NEVER_DELIVERED.test(message.to)) return;
  await createOutboxRepo(db).insert(message);
}
