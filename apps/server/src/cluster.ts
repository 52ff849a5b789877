import cluster, { type Worker } from 'node:cluster';
import type { Logger } from './logger';
import { serveClusterMetrics } from './modules/metrics';

/** How long the workers get to finish in-flight requests on a signal before they are killed. */
const STOP_TIMEOUT_MS = 20_000;
/** A worker that died while serving is replaced after this pause (no crash loop at full speed). */
const RESPAWN_DELAY_MS = 1_000;

/**
 * The primary of `npm start`'s cluster: forks `workers` processes that each run the whole server
 * on the shared port (the primary hands out connections round robin). Workers are instances of
 * one deployment: everything they share is in PostgreSQL, so two workers behave like two
 * machines. Background work needs no election: housekeeping runs under an advisory lock, the mail
 * worker claims rows, usage events are flushed by the worker that buffered them.
 */
export function runPrimary(workers: number, logger: Logger): void {
  let stopping = false;
  const served = new Set<number>();
  serveClusterMetrics();

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      served.add(worker.id);
      logger.debug({ pid: worker.process.pid }, 'cluster: worker listening');
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!served.has(worker.id)) {
      // A worker that never got to listen (bad configuration, database unreachable) would die
      // again: stop the whole server rather than loop.
      logger.error({ pid: worker.process.pid, code, signal }, 'cluster: a worker failed to start; stopping');
      void stop(1);
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'cluster: a worker died; starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, RESPAWN_DELAY_MS).unref();
  });

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = alive.map((w) => new Promise<void>((resolve) => w.once('exit', () => resolve())));
    for (const w of alive) w.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      logger.warn('cluster: workers did not stop in time; killing them');
      for (const w of alive) w.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(timer);
    logger.info('cluster: every worker stopped');
    process.exit(exitCode);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'cluster: signal received, stopping the workers');
      void stop(0);
    });
  }

  logger.info({ workers }, 'cluster: starting workers');
  for (let i = 0; i < workers; i++) fork();
}
