import { readdirSync, readFileSync } from 'node:fs';

/**
 * How the machine's cores were shared while Omnia was under load: for each worker's event loop,
 * PostgreSQL and the load generator, the time on a core and the time ready to run but waiting for
 * one (Linux's /proc/<pid>/task/<tid>/schedstat: ns on a core, ns in the run queue, time slices).
 * On two cores that also run the database and the load generator, the waits show in the tail.
 */

export type ThreadGroup = 'event loops' | 'PostgreSQL' | 'load generator';

export interface ThreadTimes {
  group: ThreadGroup;
  onCoreNs: number;
  waitingNs: number;
}

/** Threads by "pid/tid". */
export type Snapshot = Map<string, ThreadTimes>;

export interface GroupShare {
  group: ThreadGroup;
  /** How many threads the figures are per (the workers' event loops); 1 for a whole group. */
  threads: number;
  onCoreMsPerS: number;
  waitingMsPerS: number;
}

/** The process id, name and parent of a /proc/<pid>/stat line (the name may hold spaces and parentheses). */
export function parseStat(line: string): { pid: number; comm: string; ppid: number } | undefined {
  const open = line.indexOf('(');
  const close = line.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const ppid = Number(line.slice(close + 2).split(' ')[1]);
  const pid = Number(line.slice(0, open).trim());
  return Number.isInteger(pid) && Number.isInteger(ppid)
    ? { pid, comm: line.slice(open + 1, close), ppid }
    : undefined;
}

const read = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process or thread has ended, or this is not Linux
  }
};

const threadIds = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

function times(pid: number, tid: number, group: ThreadGroup): ThreadTimes | undefined {
  const [onCore, waiting] = (read(`/proc/${pid}/task/${tid}/schedstat`) ?? '').split(' ').map(Number);
  if (onCore === undefined || waiting === undefined || Number.isNaN(waiting)) return undefined;
  return { group, onCoreNs: onCore, waitingNs: waiting };
}

/**
 * This process's main thread (the load generator), the main thread of each worker of the server
 * `serverPid` (the server's own when it runs no workers), and with `postgres` every thread of
 * PostgreSQL (a server on this machine; the embedded PGlite runs in Omnia's event loops).
 */
export function snapshot(serverPid: number, postgres: boolean): Snapshot {
  const found: Snapshot = new Map();
  const add = (pid: number, tid: number, group: ThreadGroup) => {
    const t = times(pid, tid, group);
    if (t) found.set(`${pid}/${tid}`, t);
  };
  let procs: string[] = [];
  try {
    procs = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  const workers: number[] = [];
  for (const name of procs) {
    const stat = parseStat(read(`/proc/${name}/stat`) ?? '');
    if (!stat) continue;
    if (postgres && stat.comm === 'postgres')
      for (const tid of threadIds(stat.pid)) add(stat.pid, tid, 'PostgreSQL');
    if (stat.ppid === serverPid) workers.push(stat.pid);
  }
  for (const pid of workers.length ? workers : [serverPid]) add(pid, pid, 'event loops');
  // (unless this process is the server itself, as in a test)
  if (!found.has(`${process.pid}/${process.pid}`)) add(process.pid, process.pid, 'load generator');
  return found;
}

export interface Stretch {
  before: Snapshot;
  after: Snapshot;
}

/**
 * Per second of wall time (`seconds`, all stretches together), per group, over stretches measured
 * between two snapshots each. A thread that started during a stretch (a new connection's
 * PostgreSQL backend) counts from zero; one that ended during it is not seen.
 */
export function share(stretches: Stretch[], seconds: number): GroupShare[] {
  const groups = new Map<ThreadGroup, { onCoreNs: number; waitingNs: number; threads: number }>();
  for (const { before, after } of stretches) {
    const counted = new Map<ThreadGroup, number>();
    for (const [key, now] of after) {
      const then = before.get(key) ?? { onCoreNs: 0, waitingNs: 0 };
      const g = groups.get(now.group) ?? { onCoreNs: 0, waitingNs: 0, threads: 0 };
      g.onCoreNs += now.onCoreNs - then.onCoreNs;
      g.waitingNs += now.waitingNs - then.waitingNs;
      groups.set(now.group, g);
      counted.set(now.group, (counted.get(now.group) ?? 0) + 1);
    }
    for (const [group, n] of counted) {
      const g = groups.get(group);
      if (g) g.threads = Math.max(g.threads, n);
    }
  }
  const order: ThreadGroup[] = ['event loops', 'PostgreSQL', 'load generator'];
  return order.flatMap((group) => {
    const g = groups.get(group);
    if (!g || seconds <= 0) return [];
    // The event loops are each a thread of their own: say what one of them got.
    const per = group === 'event loops' ? g.threads : 1;
    const ms = (ns: number) => Math.round(ns / 1e6 / seconds / per);
    return [{ group, threads: per, onCoreMsPerS: ms(g.onCoreNs), waitingMsPerS: ms(g.waitingNs) }];
  });
}

export function describeShare(shares: GroupShare[]): string | undefined {
  if (!shares.length) return undefined;
  const part = (s: GroupShare) =>
    `${s.group === 'event loops' ? `each of ${s.threads} event loop${s.threads === 1 ? '' : 's'}` : s.group} ${s.onCoreMsPerS} ms on a core, ${s.waitingMsPerS} ms waiting for one`;
  return `${shares.map(part).join('; ')} (per second)`;
}

/** Snapshots around each measured stretch (the interleaved rounds), and their sum. */
export function cpuShareMeter(serverPid: number | undefined, opts: { postgres: boolean }) {
  const stretches: Stretch[] = [];
  let seconds = 0;
  return {
    async measure<T>(run: () => Promise<T>): Promise<T> {
      if (serverPid === undefined) return run();
      const before = snapshot(serverPid, opts.postgres);
      const startedAt = performance.now();
      try {
        return await run();
      } finally {
        stretches.push({ before, after: snapshot(serverPid, opts.postgres) });
        seconds += (performance.now() - startedAt) / 1000;
      }
    },
    result: (): GroupShare[] => share(stretches, seconds),
  };
}
