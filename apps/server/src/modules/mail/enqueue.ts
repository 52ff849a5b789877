import type { Db } from '../../db/connect';
import { createRateLimiter, exceeded, type RateRule } from '../ratelimit';
import { createOutboxRepo, type MailMessage } from './repo';

/** Under RFC 2606's top-level name that never resolves: an account parked there gets no mail. */
export const isUndeliverable = (address: string) => /\.invalid$/i.test(address);

/**
 * The most mail one address gets from Omnia in an hour, whatever asks for it. Each kind of mail
 * has its own limits (per account, per address, per IP); this one bounds what many accounts or
 * addresses together can send to one person, so Omnia's own mail cannot be turned into a flood.
 */
export const MAIL_PER_RECIPIENT: RateRule = { points: 20, windowSeconds: 3600 };

/**
 * How every other module sends mail: writes the message to the outbox. Pass the transaction that
 * writes the token the message carries, so both commit or neither does; the worker delivers it.
 * A message to a `.invalid` address is not written: no relay could deliver it. Nor is one past
 * the recipient's hourly budget (counted in the same transaction); false when it was not written.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<boolean> {
  if (isUndeliverable(message.to)) return false;
  const sent = await createRateLimiter(db).hit(`mail:to:${message.to.toLowerCase()}`, MAIL_PER_RECIPIENT);
  if (exceeded(sent, MAIL_PER_RECIPIENT)) return false;
  await createOutboxRepo(db).insert(message);
  return true;
}
