import { type LoadResult, tailRatio } from './cannon';
import { OAUTH_SCENARIOS, type OAuthFigures } from './oauth-suite';

// The targets, printed beside the figures (nothing asserts them: the machine is noisy). Login
// against the argon2 bound, the in-memory peer and p99 ÷ p50 are printed for context only: on two
// cores shared with PostgreSQL and the load generator they measure the machine (performance.md).
const TARGETS = {
  sessionRefresh: 800,
  ofDatabasePeer: 1.2,
  tail: 3,
};

const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

export interface Peers {
  omnia: OAuthFigures;
  /** The bare engine on the bench's database (PostgreSQL, or PGlite without DATABASE_URL). */
  database?: { label: string; figures: OAuthFigures };
  memory?: OAuthFigures;
}

/** Login against the argon2 bound, session refresh, and the OAuth paths against both peers. */
export function printLimits(opts: {
  login: LoadResult | undefined;
  bound: { loginsPerSecond: number; parallelPerSecond: number };
  refresh: LoadResult | undefined;
  peers: Peers | undefined;
}) {
  const { login, bound, refresh, peers } = opts;
  if (login)
    console.log(
      `limit: login ${login.requestsPerSecond}/s ÷ argon2 bound ${bound.loginsPerSecond}/s = ${ratio(login.requestsPerSecond, bound.loginsPerSecond)}; ÷ the cores' parallel hashes ${bound.parallelPerSecond}/s = ${ratio(login.requestsPerSecond, bound.parallelPerSecond)}`,
    );
  if (refresh)
    console.log(
      `session refresh: ${fmt(refresh.requestsPerSecond)}/s (target ≥ ${fmt(TARGETS.sessionRefresh)}/s)`,
    );
  if (!peers) return;
  const { omnia, database, memory } = peers;
  console.log(
    `peers: Omnia ÷ ${database?.label ?? 'database peer'} (target ≥ ${TARGETS.ofDatabasePeer}), Omnia ÷ peer in memory (the upper bound), requests/s`,
  );
  console.table(
    OAUTH_SCENARIOS.map((key) => {
      const ours = omnia[key].requestsPerSecond;
      const db = database?.figures[key].requestsPerSecond;
      const mem = memory?.[key].requestsPerSecond;
      return {
        path: key,
        Omnia: fmt(ours),
        [database?.label ?? 'database peer']: db === undefined ? 'n/a' : fmt(db),
        'peer in memory': mem === undefined ? 'n/a' : fmt(mem),
        '÷ database peer': db === undefined ? 'n/a' : ratio(ours, db),
        '÷ memory peer': mem === undefined ? 'n/a' : ratio(ours, mem),
      };
    }),
  );
}

/** p99 ÷ p50 of every scenario, and the ones over the target. */
export function printTails(results: LoadResult[]) {
  const over = results.filter((r) => tailRatio(r) > TARGETS.tail);
  console.log(
    `tail: p99 ÷ p50 per scenario is in the table (context: ${TARGETS.tail} and over listed); ${over.length ? `over it: ${over.map((r) => `${r.name} ${tailRatio(r).toFixed(1)}`).join(', ')}` : 'none over it'}`,
  );
}
