// npm run bench:ab -- --base DIR [--rounds 3] [--seconds 5]
// Before and after on a noisy machine: runs this checkout (B) and another one (A, e.g. a
// `git worktree` of an older commit with node_modules linked) on the same database server,
// interleaved A B B A A B ..., and prints each scenario's median requests/s and the ratio B ÷ A.
// Both servers stay up; only the one under load does work. Figures only; see docs/performance.md.
import { resolve } from 'node:path';
import { type LoadResult, report } from './lib/cannon';
import { type BenchStore, createStore, seedEmail, seedUsers } from './lib/db';
import { benchPasswordHash } from './lib/hash-bound';
import type { CookieJar } from './lib/jar';
import type { OAuthTarget } from './lib/oauth';
import { oauthSuite } from './lib/oauth-suite';
import { consentedJar, registerOmniaClient } from './lib/omnia-oauth';
import { buildForProduction, type RunningServer, startOmnia } from './lib/server';
import { loginScenario, refreshScenario } from './scenarios/accounts';
import { servicesScenario } from './scenarios/static';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const baseDir = arg('--base');
const rounds = Number(arg('--rounds') ?? 3);
const seconds = Number(arg('--seconds') ?? 5);
const port = Number(process.env.BENCH_PORT ?? 3950);
const USERS = 1_000;
/** Accounts that have consented: codes and tokens spread over all of them (as in bench/run.ts). */
const JARS = 32;

interface Side {
  label: 'A' | 'B';
  store: BenchStore;
  server: RunningServer;
  target: OAuthTarget;
  jars: CookieJar[];
  runs: Map<string, number[]>;
}

async function prepare(label: Side['label'], cwd: string, sidePort: number, hash: string): Promise<Side> {
  const store = await createStore(process.env.DATABASE_URL);
  await seedUsers(store, 0, USERS, hash);
  buildForProduction(cwd);
  const server = await startOmnia(sidePort, store.env, cwd);
  const target = await registerOmniaClient(server.url, seedEmail(0));
  const jars: CookieJar[] = [];
  for (let i = 1; i <= JARS; i++) jars.push((await consentedJar(target, seedEmail(i))).jar);
  return { label, store, server, target, jars, runs: new Map() };
}

async function round(side: Side, secs = seconds, record = true) {
  const results: LoadResult[] = [
    report(await loginScenario(side.server.url, USERS, secs, 4, `${side.label}: login`)),
    report(await refreshScenario(side.server.url, USERS, secs)),
    report(await servicesScenario(side.server.url, secs)),
    ...Object.values(await oauthSuite(side.target, side.jars, { seconds: secs, mintSeconds: secs })),
  ];
  const names = [
    'login',
    'session refresh',
    'services',
    'authorize',
    'code exchange',
    'refresh_token',
    'userinfo',
    'introspect',
  ];
  results.forEach((r, i) => {
    if (r.errors > 0) throw new Error(`${side.label} ${names[i]}: ${r.errors} errors`);
    const key = names[i] ?? r.name;
    if (record) side.runs.set(key, [...(side.runs.get(key) ?? []), r.requestsPerSecond]);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function main() {
  if (!baseDir) throw new Error('usage: npm run bench:ab -- --base DIR [--rounds N] [--seconds S]');
  const hash = await benchPasswordHash();
  const a = await prepare('A', resolve(baseDir), port, hash);
  const b = await prepare('B', process.cwd(), port + 1, hash);
  try {
    // Unmeasured: the JIT warms up and the tables fill, then they are analyzed, as autovacuum
    // would have done on a server that has been up for a minute (BenchStore.analyze).
    for (const side of [a, b]) {
      console.log(`warm-up: ${side.label}`);
      await round(side, 2, false);
      await side.store.analyze();
    }
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 === 0 ? [a, b] : [b, a];
      for (const side of order) {
        console.log(`round ${i + 1}/${rounds}: ${side.label}`);
        await round(side);
      }
    }
  } finally {
    await Promise.all([a.server.stop(), b.server.stop()]);
    await Promise.all([a.store.dispose(), b.store.dispose()]);
  }
  console.log(
    `\nA = ${resolve(baseDir)}, B = ${process.cwd()}; ${rounds} interleaved rounds of ${seconds} s`,
  );
  console.table(
    [...b.runs.keys()].map((name) => {
      const ma = median(a.runs.get(name) ?? []);
      const mb = median(b.runs.get(name) ?? []);
      return {
        scenario: name,
        'A req/s (median)': Math.round(ma),
        'B req/s (median)': Math.round(mb),
        'B ÷ A': ma > 0 ? (mb / ma).toFixed(2) : 'n/a',
        'A runs': (a.runs.get(name) ?? []).join(' / '),
        'B runs': (b.runs.get(name) ?? []).join(' / '),
      };
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
