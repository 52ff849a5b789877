import type { Db } from '../../db/connect';
import { createOutboxRepo, type MailMessage } from './repo';

/** Under RFC 2606's top-level name that never resolves: an account parked there gets no mail. */
export const isUndeliverable = (address: string) => /\.invalid$/i.test(address);

/**
 * How every other module sends mail: writes the message to the outbox. Pass the transaction that
 * writes the token the message carries, so both commit or neither does; the worker delivers it.
 * A message to a `.invalid` address is not written: no relay could deliver it. How often a mail
 * can be asked for is each sender's own limit, refused where the asker sees it: a budget here
 * would drop an owner's security mail silently once a stranger had spent it.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  if (isUndeliverable(message.to)) return;
  await createOutboxRepo(db).insert(message);
}
