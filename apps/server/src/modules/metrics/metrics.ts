import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { clusterRender } from './cluster';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export interface MetricsSources {
  /** Mail waiting in the outbox (neither sent nor given up), counted at scrape time. */
  outboxDepth(): Promise<number>;
  /** The pg pools on a PostgreSQL server, by name (db/connect.ts); undefined on the embedded database. */
  pools: Record<string, pg.Pool> | undefined;
  /** Each pool's size (this process's share of DATABASE_POOL_SIZE, config.ts). */
  poolMax: number;
  /** A worker of `npm start`'s cluster: /metrics then sums every worker's registry. */
  clusterWorker: boolean;
}

/**
 * The Prometheus registry of one server (its own, not prom-client's global one, so several servers
 * in one process never mix). Labels are bounded: route patterns (never raw URLs), known methods,
 * status codes, error codes from the catalogue, the engine's grant types.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'omnia_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'omnia_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const logins = new Counter({
    name: 'omnia_logins_total',
    help: 'Password logins by outcome (success, or the error code answered)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const tokens = new Counter({
    name: 'omnia_oauth_tokens_issued_total',
    help: 'OAuth tokens issued by the engine, by grant type',
    labelNames: ['grant_type'] as const,
    registers,
  });
  const { pools } = sources;
  if (pools) {
    new Gauge({
      name: 'omnia_db_pool_connections',
      help: 'PostgreSQL pool connections by pool (app) and state (total, idle, waiting = queued requests)',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const [name, pool] of Object.entries(pools)) {
          this.set({ pool: name, state: 'total' }, pool.totalCount);
          this.set({ pool: name, state: 'idle' }, pool.idleCount);
          this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
    const max = new Gauge({
      name: 'omnia_db_pool_max',
      help: 'Configured size of each PostgreSQL pool (per process: its share of DATABASE_POOL_SIZE, summed over a cluster)',
      labelNames: ['pool'] as const,
      registers,
    });
    for (const name of Object.keys(pools)) max.set({ pool: name }, sources.poolMax);
  }

  // After the pool gauges: its query would otherwise show up as a waiting pool request.
  new Gauge({
    name: 'omnia_mail_outbox_pending',
    help: 'Messages in the outbox not yet delivered (nor given up)',
    registers,
    // Every worker counts the same table: the cluster's figure is one of them, not their sum.
    aggregator: 'max',
    async collect() {
      this.set(await sources.outboxDepth());
    },
  });

  const render = sources.clusterWorker ? clusterRender(registry) : () => registry.metrics();
  return {
    contentType: registry.contentType,
    render,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const m = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: m, route, status: String(status) });
      duration.observe({ method: m, route }, seconds);
    },
    loginOutcome(outcome: string) {
      logins.inc({ outcome });
    },
    tokenIssued(grantType: string) {
      tokens.inc({ grant_type: grantType });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
