import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

export interface RunningServer {
  url: string;
  /** The server's process (the cluster's primary for Omnia). */
  pid?: number;
  stop(): Promise<void>;
}

/**
 * Builds a checkout for production (`npm run build`: the web app and apps/server/dist), so the
 * bench runs what ships, from that checkout's sources as they are now.
 */
export function buildForProduction(cwd = process.cwd()) {
  const built = spawnSync('npm', ['run', 'build'], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`npm run build failed in ${cwd}`);
}

/** Waits until GET url answers 2xx, or the child exits, or the deadline passes. */
export async function waitReady(child: ChildProcess, url: string, what: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} not ready after ${timeoutMs} ms`);
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(timer));
}

/**
 * Starts Omnia as `npm run serve` does (the production build: buildForProduction first) in its own
 * process (so the load generator does not share its event loop) on 127.0.0.1, NODE_ENV=production,
 * on the bench's database (env from BenchStore).
 */
export async function startOmnia(
  port: number,
  env: Record<string, string>,
  /** The checkout to run (bench/ab.ts runs another one beside this); by default this one. */
  cwd = process.cwd(),
): Promise<RunningServer> {
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server to <dir> when it stops.
  const prof = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_NODE_FLAGS="--trace-gc-nvp" runs the server (and so its workers) with those Node/V8
  // flags; BENCH_SERVER_STDOUT=<file> appends what it prints there (--trace-gc writes to standard
  // output, which is otherwise dropped).
  const flags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const stdout = process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore';
  const child: ChildProcess = spawn(
    process.execPath,
    [...prof, ...flags, '--enable-source-maps', 'apps/server/dist/main.js'],
    {
      cwd,
      stdio: ['ignore', stdout, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        AUTO_APPROVE_CLIENTS: 'true',
        ...env,
      },
    },
  );
  // The child has its own copy of the log file's descriptor.
  if (typeof stdout === 'number') closeSync(stdout);
  await waitReady(child, `${url}/readyz`, 'Omnia');
  return { url, pid: child.pid, stop: () => stopChild(child) };
}
