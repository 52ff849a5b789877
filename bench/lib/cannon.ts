import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A fixed body, or one built per request (e.g. a fresh code for each exchange). */
  body?: string;
  requests?: autocannon.Request[];
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  p95?: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Drives one scenario with autocannon and returns its figures. */
export async function load(name: string, options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body !== undefined ? { body: options.body } : {}),
    ...(options.requests ? { requests: options.requests } : {}),
    connections: options.connections,
    duration: options.durationSeconds,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

export function printTable(results: LoadResult[]) {
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    requests: r.total,
  }));
  console.table(rows);
}
