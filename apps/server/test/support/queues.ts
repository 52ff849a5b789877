import { setTimeout as sleep } from 'node:timers/promises';
import type { TestServer } from './test-server';

/**
 * Waits until the accounts worker has taken every wrong password queued at sign-in (their lines in
 * the owners' activity, and lock mails, are written by then): a sign-in answers before that work.
 */
export async function failedSignInsNoted(server: TestServer): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    const { n } = await server.deps.dbHandle.db
      .selectFrom('failed_sign_ins')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) === 0) return;
    await sleep(10);
  }
  throw new Error('failed sign-ins still queued after 10 s');
}
