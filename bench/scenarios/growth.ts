import { type LoadResult, report } from '../lib/cannon';
import { type BenchStore, createStore, seedEmail, seedUsers } from '../lib/db';
import { exchangeCode, type OAuthTarget } from '../lib/oauth';
import { consentedJar, registerOmniaClient } from '../lib/omnia-oauth';
import { type RunningServer, startOmnia } from '../lib/server';
import { loginScenario, randomSeedEmail } from './accounts';
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
  tokens: string[];
  logins: LoadResult[];
  userinfos: LoadResult[];
}

/**
 * One database and one Omnia per table size, all up at once, so every size is measured in the
 * same minutes: on a machine whose speed drifts by tens of percent, sizes measured one after the
 * other mostly measure the drift. Userinfo uses tokens of four random accounts that consent first.
 */
async function prepareTable(users: number, port: number, passwordHash: string): Promise<Table> {
  const store = await createStore(process.env.DATABASE_URL);
  const started = Date.now();
  await seedUsers(store, 0, users, passwordHash);
  console.log(`  ${usersLabel(users)}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startOmnia(port, store.env);
  try {
    const target = await registerOmniaClient(server.url, seedEmail(0));
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) {
      const { code } = await consentedJar(target, randomSeedEmail(users));
      tokens.push((await exchangeCode(target, code)).access);
    }
    return { users, store, server, target, tokens, logins: [], userinfos: [] };
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
 * after a one-second warm-up of each server. Returns the median-p95 run per size.
 */
export async function growthSuite(opts: {
  sizes: number[];
  port: number;
  passwordHash: string;
  rounds: number;
  seconds: number;
}): Promise<GrowthRow[]> {
  const tables: Table[] = [];
  try {
    for (const [i, users] of opts.sizes.entries())
      tables.push(await prepareTable(users, opts.port + i, opts.passwordHash));
    for (const t of tables) await userinfoScenario(t.target, t.tokens, 1, 20, 'warm-up');
    for (let round = 0; round < opts.rounds; round++) {
      const order = tables.map((_, i) => tables[(i + round) % tables.length] as Table);
      for (const t of order) {
        const label = `Omnia @${usersLabel(t.users)} users`;
        t.logins.push(
          report(await loginScenario(t.target.base, t.users, opts.seconds, 4, `${label}: login`)),
        );
        t.userinfos.push(
          report(await userinfoScenario(t.target, t.tokens, opts.seconds, 20, `${label}: userinfo`)),
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
