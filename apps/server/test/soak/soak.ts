// npm run soak [-- --seconds 120]: a bounded loopback load of mixed traffic (sign-in, refresh,
// the OAuth flow, userinfo, page loads) against an in-process Omnia. Prints per-window figures;
// fails on any request error or when the heap keeps growing. Figures only, no time is asserted.
import { parseArgs } from 'node:util';
import {
  authorizeUrl,
  CookieJar,
  decide,
  insertClient,
  pkce,
  REDIRECT_URI,
  startAuthorization,
  type TestClient,
  tokenRequest,
} from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, refresh, type TestUser } from '../support/users';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '120' }, workers: { type: 'string', default: '6' } },
});
const SECONDS = Number(values.seconds);
const WORKERS = Number(values.workers);
const WINDOW_MS = 10_000;

interface Window {
  requests: number;
  errors: number;
  latencies: number[];
  heapMb: number;
  rssMb: number;
}

const windows: Window[] = [];
let current: Window = { requests: 0, errors: 0, latencies: [], heapMb: 0, rssMb: 0 };
const errors: string[] = [];

async function timed(name: string, run: () => Promise<boolean>) {
  const started = performance.now();
  let ok = false;
  try {
    ok = await run();
  } catch (err) {
    errors.push(`${name}: ${String(err)}`);
  }
  current.latencies.push(performance.now() - started);
  current.requests++;
  if (!ok) {
    current.errors++;
    if (errors.length < 20) errors.push(`${name} failed`);
  }
}

async function worker(server: TestServer, user: TestUser, client: TestClient, until: number) {
  let cookie = user.refreshCookie;
  let jar = new CookieJar();
  let step = 0;
  while (Date.now() < until) {
    step++;
    await timed('page', async () => (await server.fetch('/')).status === 200);
    await timed('refresh', async () => {
      const next = await refresh(server, cookie);
      cookie = next.refreshCookie;
      return true;
    });
    if (step % 5 === 0)
      await timed(
        'sign-in',
        async () =>
          (await postJson(server, '/api/auth/login', { email: user.email, password: user.password }))
            .status === 200,
      );
    await timed('oauth', async () => {
      const { verifier, challenge } = pkce();
      if (step % 20 === 1) jar = new CookieJar();
      let code: string | null;
      const first = await jar.fetch(server, authorizeUrl(client, { challenge }));
      const location = first.headers.get('location') ?? '';
      if (location.includes('/oauth2/consent/')) {
        const uid = location.split('/').pop() ?? '';
        code = (await decide(server, jar, uid, user, true)).searchParams.get('code');
      } else code = new URL(location).searchParams.get('code');
      const tokens = await tokenRequest(server, client, {
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
      if (tokens.status !== 200) return false;
      const { access_token } = (await tokens.json()) as { access_token: string };
      for (let i = 0; i < 3; i++) {
        const info = await server.fetch('/oauth2/userinfo', {
          headers: { authorization: `Bearer ${access_token}` },
        });
        if (info.status !== 200) return false;
        await info.body?.cancel();
      }
      return true;
    });
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function main() {
  const server = await startTestServer({ LOG_LEVEL: 'silent' });
  try {
    const owner = await createUser(server);
    const client = await insertClient(server, owner, { name: 'Soak App' });
    const users = await Promise.all(Array.from({ length: WORKERS }, () => createUser(server)));
    // First consent for each user, so the load sees both the screen and remembered consent.
    for (const u of users) {
      const jar = new CookieJar();
      const uid = await startAuthorization(
        server,
        jar,
        authorizeUrl(client, { challenge: pkce().challenge }),
      );
      await decide(server, jar, uid, u, true);
    }
    const until = Date.now() + SECONDS * 1000;
    const ticker = setInterval(() => {
      // A full collection first, when allowed, so the figure is live memory rather than garbage.
      (globalThis as { gc?: () => void }).gc?.();
      const mem = process.memoryUsage();
      current.heapMb = mem.heapUsed / 2 ** 20;
      current.rssMb = mem.rss / 2 ** 20;
      windows.push(current);
      current = { requests: 0, errors: 0, latencies: [], heapMb: 0, rssMb: 0 };
    }, WINDOW_MS);
    await Promise.all(users.map((u) => worker(server, u, client, until)));
    clearInterval(ticker);
  } finally {
    await server.close();
  }

  console.log('window  requests/s  p50 ms  p99 ms  errors  heap MB  rss MB');
  for (const [i, w] of windows.entries()) {
    console.log(
      `${String(i + 1).padStart(6)}  ${(w.requests / (WINDOW_MS / 1000)).toFixed(0).padStart(10)}  ${pct(w.latencies, 50).toFixed(1).padStart(6)}  ${pct(w.latencies, 99).toFixed(1).padStart(6)}  ${String(w.errors).padStart(6)}  ${w.heapMb.toFixed(0).padStart(7)}  ${w.rssMb.toFixed(0).padStart(6)}`,
    );
  }
  const total = windows.reduce((n, w) => n + w.requests, 0);
  const failed = windows.reduce((n, w) => n + w.errors, 0);
  // Compare the second third with the last third (the first windows include warm-up).
  const third = Math.max(1, Math.floor(windows.length / 3));
  const mid = windows.slice(third, 2 * third);
  const end = windows.slice(-third);
  const avg = (ws: Window[], f: (w: Window) => number) =>
    ws.reduce((n, w) => n + f(w), 0) / Math.max(1, ws.length);
  const heapRatio =
    avg(end, (w) => w.heapMb) /
    Math.max(
      1,
      avg(mid, (w) => w.heapMb),
    );
  const p99Ratio =
    avg(end, (w) => pct(w.latencies, 99)) /
    Math.max(
      0.001,
      avg(mid, (w) => pct(w.latencies, 99)),
    );
  console.log(`soak: ${SECONDS}s, ${WORKERS} workers, ${total} requests, ${failed} errors`);
  console.log(`heap last/middle = ${heapRatio.toFixed(2)}, p99 last/middle = ${p99Ratio.toFixed(2)}`);
  if (failed > 0) {
    console.error(errors.join('\n'));
    process.exitCode = 1;
  }
  if (windows.length >= 6 && heapRatio > 1.5) {
    console.error('heap kept growing');
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
