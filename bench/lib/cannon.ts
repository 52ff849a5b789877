import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests built per call (e.g. a fresh code for each exchange); see autocannon's setupRequest. */
  requests?: autocannon.Request[];
  connections: number;
  durationSeconds: number;
  /** Stop after exactly this many requests instead of after durationSeconds (single-use inputs). */
  amount?: number;
  /** The status every response must have; any other counts as an error. Default: any 2xx. */
  expectStatus?: number;
  /** Stops the run early when aborted (its inputs ran out); the figures cover the time it ran. */
  signal?: AbortSignal;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Connection errors, timeouts and responses with an unexpected status. */
  errors: number;
  total: number;
  /** How long it ran. */
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Drives one scenario with autocannon and returns its figures (latencies in ms, from every response). */
export function load(name: string, options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let unexpected = 0;
  const ok = (status: number) =>
    options.expectStatus === undefined ? status >= 200 && status < 300 : status === options.expectStatus;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.body !== undefined ? { body: options.body } : {}),
        ...(options.requests ? { requests: options.requests } : {}),
        connections: options.amount ? Math.min(options.connections, options.amount) : options.connections,
        duration: options.durationSeconds,
        ...(options.amount ? { amount: options.amount } : {}),
        timeout: 30,
      },
      (err: Error | null, result: autocannon.Result) => {
        if (err) return reject(err);
        latencies.sort((a, b) => a - b);
        const seconds = Math.max(result.duration, 0.001);
        resolve({
          name,
          requestsPerSecond: Math.round(result.requests.total / seconds),
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
          errors: result.errors + result.timeouts + unexpected,
          total: result.requests.total,
          seconds,
        });
      },
    );
    if (options.signal?.aborted) instance.stop();
    options.signal?.addEventListener('abort', () => instance.stop(), { once: true });
    // The tracker emits (client, status, bytes, ms); @types/autocannon omits the client.
    (instance as EventEmitter).on('response', (...args: unknown[]) => {
      const status = Number(args[1]);
      const ms = Number(args[3]);
      latencies.push(Math.round(ms * 10) / 10);
      if (!ok(status)) unexpected++;
    });
  });
}

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** The tail under load: p99 ÷ p50. */
export const tailRatio = (r: LoadResult) => (r.p50 > 0 ? r.p99 / r.p50 : 0);

export function printTable(results: LoadResult[]) {
  console.table(
    results.map((r) => ({
      scenario: r.name,
      'req/s': fmt(r.requestsPerSecond),
      'p50 ms': fmt(r.p50),
      'p95 ms': fmt(r.p95),
      'p99 ms': fmt(r.p99),
      'p99÷p50': tailRatio(r).toFixed(1),
      errors: r.errors,
      requests: r.total,
      s: r.seconds.toFixed(1),
    })),
  );
}

/** One line per finished scenario, as it finishes (the table repeats them at the end). */
export function report(result: LoadResult): LoadResult {
  console.log(
    `  ${result.name}: ${fmt(result.requestsPerSecond)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms, errors ${result.errors}`,
  );
  return result;
}
