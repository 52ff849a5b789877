// DATABASE_URL=postgres://… npm run bench:per-request (Linux): what one OAuth request costs, for
// Omnia and for the bare engine on the same PostgreSQL server (bench/lib/peer-pg.ts). Each server
// in turn, alone under load: authorize, code exchange, refresh_token for a few seconds each;
// printed per request: the statements PostgreSQL ran (its transactions: every engine statement
// runs on its own) and the CPU time of the server's processes and of PostgreSQL's (/proc). Why a
// path is as fast as it is, where requests/s only says how fast. Figures only; see
// docs/performance.md.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { parseStat } from './lib/cpu-share';
import { createStore, seedEmail, seedUsers } from './lib/db';
import { benchPasswordHash } from './lib/hash-bound';
import type { CookieJar } from './lib/jar';
import type { OAuthTarget } from './lib/oauth';
import { consentedJar, registerOmniaClient } from './lib/omnia-oauth';
import { peerJar, startPeer } from './lib/peer';
import { buildForProduction, startOmnia } from './lib/server';
import { authorizeScenario } from './scenarios/authorize';
import { codeExchangeScenario } from './scenarios/code-exchange';
import { refreshGrantScenario } from './scenarios/refresh-grant';

const url = process.env.DATABASE_URL;
const port = Number(process.env.BENCH_PORT ?? 3950);
const SECONDS = 5;
const CONNECTIONS = 10;
const ACCOUNTS = 16;
/** Linux's clock ticks per second (USER_HZ), in which /proc/<pid>/stat counts CPU time. */
const TICK_US = 10_000;

/** CPU ticks by process: `root` and its descendants (the server), and every postgres process. */
function cpuTicks(root: number): {
  server: Map<number, number>;
  postgres: Map<number, number>;
  writes: Map<number, number>;
} {
  const rows: { pid: number; ppid: number; comm: string; ticks: number; writes: number }[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let line: string;
    try {
      line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const stat = parseStat(line);
    if (!stat) continue;
    const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
    rows.push({ ...stat, ticks: Number(fields[11]) + Number(fields[12]), writes: writeCalls(pid) });
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows)
      if (!tree.has(r.pid) && tree.has(r.ppid)) {
        tree.add(r.pid);
        grew = true;
      }
  }
  const of = (keep: (r: (typeof rows)[number]) => boolean, count: 'ticks' | 'writes' = 'ticks') =>
    new Map(rows.filter(keep).map((r) => [r.pid, r[count]]));
  return {
    server: of((r) => tree.has(r.pid)),
    postgres: of((r) => r.comm === 'postgres'),
    writes: of((r) => tree.has(r.pid), 'writes'),
  };
}

/**
 * The write system calls a process made (`syscw` in /proc/<pid>/io: write, writev, sendto…): on
 * loopback each one also runs the receiver's side of the network stack, so their number weighs.
 */
function writeCalls(pid: string): number {
  try {
    return Number(/^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // ended meanwhile, or not ours to read
  }
}

/** What the processes alive at the second reading counted since the first. */
function count(before: Map<number, number>, after: Map<number, number>): number {
  let n = 0;
  for (const [pid, now] of after) n += now - (before.get(pid) ?? 0);
  return n;
}

/** CPU µs spent between two readings by the processes alive at the second (one that ended is lost). */
const spent = (before: Map<number, number>, after: Map<number, number>) => count(before, after) * TICK_US;

async function transactions(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

/** Runs `scenario`, then prints its per-request statements and CPU time. */
async function measure(
  admin: pg.Client,
  label: string,
  pid: number,
  scenario: () => Promise<{ total: number }>,
  print: boolean,
) {
  // A backend reports its counts to the statistics at most every 10 s while idle: wait for them.
  const settle = () => new Promise((r) => setTimeout(r, 11_000));
  await settle();
  const [cpu0, tx0] = [cpuTicks(pid), await transactions(admin)];
  const { total } = await scenario();
  // Read at once: a pool closes its idle connections after a while, and an ended backend's time
  // is gone.
  const cpu1 = cpuTicks(pid);
  await settle();
  const tx1 = await transactions(admin);
  if (!print) return;
  const per = (n: number) => (n / total).toFixed(0).padStart(5);
  console.log(
    `${label.padEnd(36)} ${String(total).padStart(6)} requests: ${((tx1 - tx0) / total).toFixed(2)} statements, CPU µs: server ${per(spent(cpu0.server, cpu1.server))}, PostgreSQL ${per(spent(cpu0.postgres, cpu1.postgres))}; server's write calls ${(count(cpu0.writes, cpu1.writes) / total).toFixed(2)}`,
  );
}

async function paths(admin: pg.Client, target: OAuthTarget, jars: CookieJar[], pid: number, print: boolean) {
  let codes: string[] = [];
  let refresh: string[] = [];
  await measure(
    admin,
    `${target.label}: authorize`,
    pid,
    async () => {
      const minted = await authorizeScenario(target, jars, SECONDS, CONNECTIONS);
      codes = minted.codes;
      return minted.result;
    },
    print,
  );
  await measure(
    admin,
    `${target.label}: code exchange`,
    pid,
    async () => {
      const exchanged = await codeExchangeScenario(target, codes, CONNECTIONS, CONNECTIONS * 2);
      refresh = exchanged.tokens.map((t) => t.refresh);
      return exchanged.result;
    },
    print,
  );
  await measure(
    admin,
    `${target.label}: refresh_token`,
    pid,
    () => refreshGrantScenario(target, refresh, SECONDS, CONNECTIONS),
    print,
  );
}

async function main() {
  if (!url) throw new Error('bench:per-request needs DATABASE_URL (a PostgreSQL server)');
  buildForProduction();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const store = await createStore(url);
  const peerStore = await createStore(url);
  await seedUsers(store, 0, ACCOUNTS + 1, await benchPasswordHash());
  const server = await startOmnia(port, store.env);
  const peer = await startPeer(
    port + 2,
    { kind: 'postgres', url: peerStore.env.DATABASE_URL ?? url, workers: 1 },
    ACCOUNTS,
  );
  try {
    const target = await registerOmniaClient(server.url, seedEmail(0));
    const jars: CookieJar[] = [];
    for (let i = 1; i <= ACCOUNTS; i++) jars.push((await consentedJar(target, seedEmail(i))).jar);
    const peerJars: CookieJar[] = [];
    for (let i = 0; i < ACCOUNTS; i++) peerJars.push((await peerJar(peer.target)).jar);
    // Once unmeasured (the JIT, the prepared statements), then measured.
    for (const print of [false, true]) {
      await paths(admin, target, jars, server.pid ?? 0, print);
      await paths(admin, peer.target, peerJars, peer.server.pid ?? 0, print);
    }
  } finally {
    await peer.server.stop();
    await server.stop();
    await peerStore.dispose();
    await store.dispose();
    await admin.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
