import { type LoadResult, report } from '../lib/cannon';
import { type BenchStore, createStore, seedEmail, seedUsers } from '../lib/db';
import type { CookieJar } from '../lib/jar';
import type { OAuthTarget } from '../lib/oauth';
import { mintTokens, TOKEN_USES } from '../lib/oauth-suite';
import { consentedJar, registerOmniaClient } from '../lib/omnia-oauth';
import { type RunningServer, startOmnia } from '../lib/server';
import { type TokenSpread, tokenSpread } from '../lib/token-spread';
import { loginScenario } from './accounts';
import { userinfoScenario } from './userinfo';

export interface GrowthRow {
  users: number;
  /** The run with the median p95 of each scenario (for the results table). */
  login: LoadResult;
  userinfo: LoadResult;
  /** Every run, in round order (errors are checked over all of them). */
  runs: LoadResult[];
}

export const usersLabel = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);

interface Table {
  users: number;
  store: BenchStore;
  server: RunningServer;
  target: OAuthTarget;
  /** One spread of access tokens for the warm-up and one per round (no token in two of them). */
  spreads: TokenSpread[];
  logins: LoadResult[];
  userinfos: LoadResult[];
}

/**
 * One database and one Omnia per table size, all up at once, so every size is measured in the
 * same minutes: on a machine whose speed drifts by tens of percent, sizes measured one after the
 * other mostly measure the drift. Userinfo presents tokens of `accounts` random accounts, minted
 * for `mintSeconds` and each presented at most TOKEN_USES times, as in the OAuth suite.
 */
async function prepareTable(
  users: number,
  port: number,
  opts: { passwordHash: string; accounts: number; mintSeconds: number; rounds: number },
): Promise<Table> {
  const store = await createStore(process.env.DATABASE_URL);
  const started = Date.now();
  await seedUsers(store, 0, users, opts.passwordHash);
  console.log(`  ${usersLabel(users)}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startOmnia(port, store.env);
  try {
    const target = await registerOmniaClient(server.url, seedEmail(0));
    const jars: CookieJar[] = [];
    // Distinct accounts (one consent each), none of them the client's owner (seed 0).
    const picked = new Set<number>();
    while (picked.size < Math.min(opts.accounts, users - 1))
      picked.add(1 + Math.floor(Math.random() * (users - 1)));
    for (const n of picked) jars.push((await consentedJar(target, seedEmail(n))).jar);
    const access = (await mintTokens(target, jars, opts.mintSeconds)).tokens.map((t) => t.access);
    await store.analyze();
    console.log(`  ${usersLabel(users)}: ${access.length} access tokens of ${jars.length} accounts`);
    const parts = opts.rounds + 1;
    const spreads = Array.from({ length: parts }, (_, part) =>
      tokenSpread(
        access.filter((_, i) => i % parts === part),
        TOKEN_USES,
      ),
    );
    return { users, store, server, target, spreads, logins: [], userinfos: [] };
  } catch (err) {
    await server.stop();
    await store.dispose();
    throw err;
  }
}

const byP95 = (runs: LoadResult[]) => [...runs].sort((a, b) => a.p95 - b.p95);
const median = (runs: LoadResult[]) => byP95(runs)[Math.floor((runs.length - 1) / 2)] as LoadResult;

/**
 * Login and userinfo p95 at each table size, in interleaved rounds (the order turns every round),
 * after a warm-up of each server (1 s of login, 3 s of userinfo). Returns the median-p95 run per size.
 */
export async function growthSuite(opts: {
  sizes: number[];
  port: number;
  passwordHash: string;
  rounds: number;
  seconds: number;
  /** Random accounts per table whose tokens userinfo presents. */
  accounts: number;
}): Promise<GrowthRow[]> {
  const tables: Table[] = [];
  const spread = (t: Table, part: number) => t.spreads[part] as TokenSpread;
  try {
    for (const [i, users] of opts.sizes.entries())
      tables.push(await prepareTable(users, opts.port + i, { ...opts, mintSeconds: opts.seconds }));
    for (const t of tables) {
      await loginScenario(t.target.base, t.users, 1, 4, 'warm-up');
      await userinfoScenario(t.target, spread(t, 0), 3, 20, 'warm-up');
    }
    for (let round = 0; round < opts.rounds; round++) {
      const order = tables.map((_, i) => tables[(i + round) % tables.length] as Table);
      for (const t of order) {
        const label = `Omnia @${usersLabel(t.users)} users`;
        t.logins.push(
          report(await loginScenario(t.target.base, t.users, opts.seconds, 4, `${label}: login`)),
        );
        t.userinfos.push(
          report(
            await userinfoScenario(t.target, spread(t, round + 1), opts.seconds, 20, `${label}: userinfo`),
          ),
        );
      }
    }
  } finally {
    for (const t of tables) {
      await t.server.stop();
      await t.store.dispose();
    }
  }
  return tables.map((t) => ({
    users: t.users,
    login: median(t.logins),
    userinfo: median(t.userinfos),
    runs: [...t.logins, ...t.userinfos],
  }));
}
