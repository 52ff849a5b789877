import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import { seedEmail } from '../lib/db';
import { BENCH_PASSWORD } from '../lib/hash-bound';
import { headerValues } from '../lib/oauth';
import { sameOrigin } from '../lib/omnia-oauth';

/** A random seeded account among the first `size` (spread over the whole table). */
const randomSeedEmail = (size: number) => seedEmail(Math.floor(Math.random() * size));

/** Password login: each request signs a random seeded account in (the argon2id verify is the cost). */
export function loginScenario(
  base: string,
  size: number,
  seconds: number,
  connections = 4,
  name = 'Omnia: POST /api/auth/login',
): Promise<LoadResult> {
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/auth/login',
    headers: sameOrigin(base),
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ email: randomSeedEmail(size), password: BENCH_PASSWORD }),
    }),
  };
  return load(name, { url: base, requests: [request], connections, durationSeconds: seconds });
}

const refreshCookieOf = (lines: string[]) =>
  lines.map((l) => l.split(';')[0] ?? '').find((p) => p.startsWith('omnia_refresh=') && p.length > 14);

/**
 * Session refresh: a pool of refresh cookies (one session each, twice the connections); each call
 * takes the oldest and puts back the rotated one it is given, as a browser tab keeps its own.
 */
export async function refreshScenario(base: string, size: number, seconds: number): Promise<LoadResult> {
  const connections = 10;
  const pool: string[] = [];
  for (let i = 0; i < connections * 2; i++) {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: sameOrigin(base),
      body: JSON.stringify({ email: seedEmail(i % size), password: BENCH_PASSWORD }),
    });
    const cookie = refreshCookieOf(res.headers.getSetCookie());
    if (!cookie) throw new Error(`login for refresh failed: ${res.status}`);
    pool.push(cookie);
  }
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/auth/refresh',
    headers: sameOrigin(base),
    setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: pool.shift() ?? '' } }),
    onResponse: (_status, _body, _context, headers) => {
      const cookie = refreshCookieOf(headerValues(headers, 'set-cookie'));
      if (cookie) pool.push(cookie);
    },
  };
  return load('Omnia: POST /api/auth/refresh (rotating cookie)', {
    url: base,
    requests: [request],
    connections,
    durationSeconds: seconds,
  });
}
