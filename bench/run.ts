// npm run bench [-- --quick] [-- --oauth]: starts Omnia and two bare oidc-provider peers (in memory: the upper
// bound; on the bench's database: the peer to beat) on 127.0.0.1 and prints requests/s, p50, p95,
// p99 and errors per scenario, and the ratios to the peers and to the argon2 bound. Figures only;
// nothing asserts a time. Exits non-zero when a request failed. See docs/performance.md.
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { type LoadResult, printTable, report } from './lib/cannon';
import { cpuShareMeter, describeShare } from './lib/cpu-share';
import { type BenchStore, createStore, seedEmail, seedUsers } from './lib/db';
import { benchPasswordHash, describeBound, hashBound, meanBound } from './lib/hash-bound';
import { interleavedSuites } from './lib/interleaved';
import type { CookieJar } from './lib/jar';
import type { OAuthTarget } from './lib/oauth';
import { oauthSuite } from './lib/oauth-suite';
import { consentedJar, registerOmniaClient } from './lib/omnia-oauth';
import { type PeerStore, peerJar, startPeer } from './lib/peer';
import { buildForProduction, type RunningServer, startOmnia } from './lib/server';
import { type Peers, printLimits, printTails } from './lib/summary';
import { loginScenario, refreshScenario } from './scenarios/accounts';
import { frontendScenario } from './scenarios/frontend';
import { type GrowthRow, growthSuite, usersLabel } from './scenarios/growth';
import { staticScenarios } from './scenarios/static';
import { twoStepScenario } from './scenarios/two-step';

const quick = process.argv.includes('--quick');
/** Only the OAuth rounds against both peers: for working on the engine's paths. */
const oauthOnly = process.argv.includes('--oauth');
const seconds = quick ? 2 : 10;
const port = Number(process.env.BENCH_PORT ?? 3950);
const sizes = quick ? [1_000, 10_000] : [1_000, 100_000, 1_000_000];
const growthRounds = quick ? 1 : 3;
const growthSeconds = quick ? 2 : 5;
/** Accounts that have consented (one browser each): codes and tokens spread over all of them. */
const ACCOUNTS = quick ? 16 : 64;
/** OAuth suites per server, interleaved (bench/lib/interleaved.ts). */
const oauthRounds = quick ? 1 : 3;
const started = Date.now();

const section = (title: string) =>
  console.log(`\n== ${title} [${Math.round((Date.now() - started) / 1000)} s]`);
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');

/** Starts a peer and signs ACCOUNTS browsers in (one account each). */
async function startPeerWithJars(port: number, store: PeerStore, accounts: number) {
  const peer = await startPeer(port, store, accounts);
  const jars: CookieJar[] = [];
  for (let i = 0; i < ACCOUNTS; i++) jars.push((await peerJar(peer.target)).jar);
  return { ...peer, jars };
}

/**
 * The bare engine on the bench's database: on PostgreSQL a schema of its own on the same server
 * (DATABASE_URL); without DATABASE_URL an embedded PGlite of its own, as Omnia embeds one.
 */
function databasePeerStore(store: BenchStore): PeerStore {
  const url = store.env.DATABASE_URL;
  if (store.kind === 'postgres' && url)
    return { kind: 'postgres', url, workers: Number(process.env.BENCH_PEER_WORKERS ?? 1) };
  return { kind: 'pglite', dir: join(store.dataDir, 'peer-pglite') };
}

async function main() {
  section('building for production (npm run build): the bench runs what ships');
  buildForProduction();
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  const boundSamples = quick ? 5 : 20;
  let bound = await hashBound(boundSamples);
  console.log(describeBound(bound));
  const passwordHash = await benchPasswordHash();
  const store = await createStore(process.env.DATABASE_URL);
  console.log(`database: ${store.kind}`);
  const seeded = sizes[0] ?? 1_000;
  // Accounts past `seeded` turn the authenticator app on for the second-step scenario.
  const twoStepUsers = quick ? 60 : 400;
  await seedUsers(store, 0, seeded + twoStepUsers, passwordHash);
  let server: RunningServer | undefined = await startOmnia(port, store.env);
  const results: LoadResult[] = [];
  const growth: GrowthRow[] = [];
  let peers: Peers | undefined;
  let frontend: Awaited<ReturnType<typeof frontendScenario>> | undefined;
  let login: LoadResult | undefined;
  let sessionRefresh: LoadResult | undefined;
  let secondStep: LoadResult | undefined;
  // How the cores were shared during Omnia's OAuth rounds (Linux only).
  let cores: string | undefined;
  try {
    const base = server.url;
    if (!oauthOnly) {
      section('Omnia: anonymous reads');
      // Warm-up, not reported: a server just started spends its first seconds compiling and
      // growing its heap, which showed as p99 ÷ p50 of 4–5 on the first reads.
      await staticScenarios(base, quick ? 1 : 5);
      results.push(...(await staticScenarios(base, seconds)).map(report));

      section('Omnia: session API');
      await loginScenario(base, seeded, 1, 4, 'warm-up'); // argon2's thread pool and the JIT
      login = report(await loginScenario(base, seeded, seconds));
      // The hash speed drifts with the machine: the bound is measured again right after the login
      // scenario, and the two measurements bracketing it are averaged.
      bound = meanBound(bound, await hashBound(boundSamples));
      console.log(`  around the login scenario: ${describeBound(bound)}`);
      sessionRefresh = report(await refreshScenario(base, seeded, seconds));
      results.push(login, sessionRefresh);
      secondStep = report(await twoStepScenario(base, seeded, twoStepUsers));
      results.push(secondStep);
    }

    section(
      `OAuth: Omnia and both peers, ${oauthRounds} interleaved round${oauthRounds === 1 ? '' : 's'} (${ACCOUNTS} accounts each)`,
    );
    const target = await registerOmniaClient(base, seedEmail(0));
    const jars: CookieJar[] = [];
    for (let i = 1; i <= ACCOUNTS; i++) jars.push((await consentedJar(target, seedEmail(i))).jar);
    const memoryPeer = await startPeerWithJars(port + 1, { kind: 'memory' }, seeded);
    const peerStore = await createStore(process.env.DATABASE_URL);
    const where = databasePeerStore(peerStore);
    console.log(
      where.kind === 'postgres'
        ? `  peer on PostgreSQL: its own schema on the same server, ${where.workers} process${where.workers === 1 ? '' : 'es'}`
        : '  peer on PGlite: no DATABASE_URL, so an embedded PGlite of its own, as Omnia has',
    );
    const databasePeer = await startPeerWithJars(port + 2, where, seeded);
    try {
      const suite = (t: OAuthTarget, j: CookieJar[]) => () =>
        oauthSuite(t, j, { seconds, mintSeconds: seconds });
      // Unmeasured: the JIT warms up and the tables fill, then they are analyzed, as autovacuum
      // would have done on a server that has been up for a minute (BenchStore.analyze).
      const warm = quick ? 1 : 2;
      console.log(`  warm-up (${warm} s per scenario, not kept):`);
      for (const [t, j] of [
        [target, jars],
        [databasePeer.target, databasePeer.jars],
        [memoryPeer.target, memoryPeer.jars],
      ] as const)
        await oauthSuite(t, j, { seconds: warm, mintSeconds: warm });
      await store.analyze();
      await peerStore.analyze();
      const cpu = cpuShareMeter(server.pid, { postgres: store.kind === 'postgres' });
      const [omnia, database, memory] = await interleavedSuites(
        [
          { label: 'Omnia', run: () => cpu.measure(suite(target, jars)) },
          { label: databasePeer.target.label, run: suite(databasePeer.target, databasePeer.jars) },
          { label: memoryPeer.target.label, run: suite(memoryPeer.target, memoryPeer.jars) },
        ],
        oauthRounds,
        (round, order) => console.log(`  round ${round}: ${order.join(', ')}`),
      );
      if (!omnia || !database || !memory) throw new Error('an OAuth suite did not run');
      cores = describeShare(cpu.result());
      peers = { omnia, memory, database: { label: databasePeer.target.label, figures: database } };
      if (oauthRounds > 1) {
        console.log('  kept, per scenario, the round with the median requests/s:');
        for (const figures of [omnia, database, memory]) for (const r of Object.values(figures)) report(r);
      }
      results.push(...Object.values(omnia), ...Object.values(memory), ...Object.values(database));
    } finally {
      await memoryPeer.server.stop();
      await databasePeer.server.stop();
      await peerStore.dispose();
    }

    if (!oauthOnly) {
      section('front end');
      frontend = await frontendScenario(base, quick ? ['mobile'] : ['mobile', 'desktop']);

      // Every table size gets its own database and server, measured in interleaved rounds.
      await server.stop();
      server = undefined;
      section(
        `growth: ${sizes.map(usersLabel).join(', ')} users, ${growthRounds} interleaved round${growthRounds === 1 ? '' : 's'}`,
      );
      growth.push(
        ...(await growthSuite({
          sizes,
          port: port + 10,
          passwordHash,
          rounds: growthRounds,
          seconds: growthSeconds,
          accounts: quick ? 8 : 32,
        })),
      );
      for (const row of growth) results.push(row.login, row.userinfo);
    }
  } finally {
    await server?.stop();
    await store.dispose();
  }

  section('results');
  printTable(results);
  printLimits({ login, bound, refresh: sessionRefresh, peers });
  printTails(results);
  if (cores) console.log(`cores during Omnia's OAuth rounds: ${cores}`);
  if (login && secondStep) {
    console.log(
      `two-step: the second step p50 ${secondStep.p50} ms beside the password step's ${login.p50} ms = ${ratio(secondStep.p50, login.p50)} (one round trip without a password hash; target well under 1)`,
    );
  }
  const first = growth[0];
  if (first) {
    console.log(
      `growth: median p95 ms of ${growthRounds} round(s) (change from the smallest table; target flat ±20 %)`,
    );
    for (const row of growth) {
      const change = (now: number, then: number) => `${then > 0 ? Math.round((now / then - 1) * 100) : 0} %`;
      console.log(
        `  ${usersLabel(row.users)} users: login p95 ${row.login.p95} ms (${change(row.login.p95, first.login.p95)}), userinfo p95 ${row.userinfo.p95} ms (${change(row.userinfo.p95, first.userinfo.p95)})`,
      );
    }
  }
  if (frontend) {
    for (const b of frontend.bundles)
      console.log(
        `front end ${b.route}: JS ${(b.js / 1000).toFixed(1)} KB gzip, CSS ${(b.css / 1000).toFixed(1)} KB gzip`,
      );
    const landing = frontend.landing;
    if (landing)
      console.log(
        `front end /: first paint needs ${(landing.needed.total.gzip / 1000).toFixed(1)} KB of the app's JavaScript (target 0); the landing loads ${(landing.costs.total.gzip / 1000).toFixed(1)} KB gzip in all`,
      );
  }
  console.log(
    `total ${Math.round((Date.now() - started) / 1000)} s, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  const failed = [...results, ...growth.flatMap((row) => row.runs)].filter((r) => r.errors > 0);
  if (failed.length) {
    console.error(`scenarios with errors: ${failed.map((r) => r.name).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
