import { failedSignInsNoted } from '../support/queues';
import type { TestServer } from '../support/test-server';

/** Starts every request at once (as a scripted attacker would) and waits for all the answers. */
export function burst(requests: (() => Promise<Response>)[]): Promise<Response[]> {
  return Promise.all(requests.map((send) => send()));
}

/** How many answers had each status, e.g. { 400: 4, 429: 25 }. */
export function statusCounts(answers: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * The failed password checks recorded for an account: its 'sign_in_failed' security events count
 * every wrong password that was actually checked (a refused attempt is not checked, so not counted).
 */
export async function failedChecksOf(server: TestServer, userId: string): Promise<number> {
  await failedSignInsNoted(server);
  const rows = await server.deps.dbHandle.db
    .selectFrom('security_events')
    .select('detail')
    .where('user_id', '=', userId)
    .where('kind', '=', 'sign_in_failed')
    .execute();
  return rows.reduce((sum, row) => sum + Number((row.detail as { count?: number }).count ?? 0), 0);
}
