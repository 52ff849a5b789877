import type { OutboxRepo } from './repo';

/** What the dev mailbox page reads: the newest messages of the outbox, delivered or not. */
export function createDevMailbox(outbox: OutboxRepo) {
  return {
    recent: (limit: number) => outbox.listRecent(limit),
  };
}
export type DevMailbox = ReturnType<typeof createDevMailbox>;
