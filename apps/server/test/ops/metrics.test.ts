import { request } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAs, insertClient, redeemCode, tokenRequest } from '../oauth/flow';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, postJson, type TestUser } from '../support/users';

const TOKEN = 'metrics-token-for-the-tests';
let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
  user = await createUser(server);
});
afterAll(() => server?.close());

async function scrape(): Promise<string> {
  const res = await server.fetch('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample, e.g. value(text, 'omnia_logins_total', { outcome: 'success' }). */
function value(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = line.match(/^([a-z_:]+)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await server.fetch('/metrics')).status).toBe(401);
    const wrong = await server.fetch('/metrics', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
    await scrape();
  });

  it('counts requests per route pattern, never per raw URL, with a latency histogram', async () => {
    await server.fetch(`/api/profiles/${user.id}`, { headers: user.authHeader });
    await server.fetch(`/storage/avatars/${user.id}/avatar.png`);
    await server.fetch('/oauth2/consent/not-a-real-uid/details');
    const text = await scrape();
    expect(text).not.toContain(user.id);
    expect(text).not.toContain('not-a-real-uid');
    expect(value(text, 'omnia_http_requests_total', { route: '/storage/*', status: '404' })).toBe(1);
    expect(
      value(text, 'omnia_http_requests_total', { method: 'GET', route: '/oauth2/consent/:uid/details' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(text, 'omnia_http_request_duration_seconds_count', { method: 'POST', route: '/api/auth/signup' }),
    ).toBe(1);
    expect(
      value(text, 'omnia_http_request_duration_seconds_bucket', { route: '/api/auth/signup', le: '+Inf' }),
    ).toBe(1);
  });

  it('counts login outcomes', async () => {
    await postJson(server, '/api/auth/login', { email: user.email, password: user.password });
    await postJson(server, '/api/auth/login', { email: user.email, password: 'wrong password!' });
    await postJson(server, '/api/auth/login', { email: user.email, password: 'wrong password!' });
    const text = await scrape();
    expect(value(text, 'omnia_logins_total', { outcome: 'success' })).toBe(1);
    expect(value(text, 'omnia_logins_total', { outcome: 'invalid_credentials' })).toBe(2);
  });

  it('counts tokens the engine issues and its requests (with request ids)', async () => {
    const client = await insertClient(server, user);
    const { back, verifier, uid } = await authorizeAs(server, client, user);
    const exchange = await redeemCode(server, client, back, verifier);
    expect(exchange.status).toBe(200);
    expect(exchange.headers.get('x-request-id')).toMatch(/^[\w.-]{8,}$/);
    const { refresh_token } = (await exchange.json()) as { refresh_token: string };
    expect((await tokenRequest(server, client, { grant_type: 'refresh_token', refresh_token })).status).toBe(
      200,
    );

    const text = await scrape();
    expect(value(text, 'omnia_oauth_tokens_issued_total', { grant_type: 'authorization_code' })).toBe(1);
    expect(value(text, 'omnia_oauth_tokens_issued_total', { grant_type: 'refresh_token' })).toBe(1);
    expect(
      value(text, 'omnia_http_requests_total', { method: 'POST', route: '/oauth2/token', status: '200' }),
    ).toBe(2);
    expect(value(text, 'omnia_http_requests_total', { route: '/oauth2/authorize' })).toBe(1);
    expect(text).not.toContain(uid);
  });

  it('reports the outbox depth at scrape time, and the pool on a PostgreSQL server', async () => {
    const db = server.deps.dbHandle.db;
    await db
      .insertInto('mail_outbox')
      .values({ to_address: 'later@example.test', subject: 's', text_body: 't', html_body: 'h' })
      .execute();
    await sql`update mail_outbox set next_attempt_at = now() + interval '1 hour' where to_address = 'later@example.test'`.execute(
      db,
    );
    const pending = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sent_at', 'is', null)
      .where('failed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const text = await scrape();
    expect(Number(pending.n)).toBeGreaterThanOrEqual(1);
    expect(value(text, 'omnia_mail_outbox_pending')).toBe(Number(pending.n));
    expect(value(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    if (server.deps.dbHandle.kind === 'postgres') {
      expect(
        value(text, 'omnia_db_pool_connections', { pool: 'app', state: 'total' }),
      ).toBeGreaterThanOrEqual(1);
      expect(value(text, 'omnia_db_pool_connections', { pool: 'app', state: 'waiting' })).toBe(0);
      expect(value(text, 'omnia_db_pool_max', { pool: 'app' })).toBe(server.config.database.poolSize);
    } else {
      expect(value(text, 'omnia_db_pool_connections', { state: 'total' })).toBeUndefined();
    }
  });
});

describe('without METRICS_TOKEN', () => {
  it('/metrics is open (keep it off the public proxy), under that exact spelling only', async () => {
    const open = await startTestServer();
    try {
      expect((await open.fetch('/metrics')).status).toBe(200);
      // Spellings the URL parser reads as /metrics, which a proxy hiding /metrics lets through.
      for (const path of ['/%6detrics', '/./metrics', '/x/../metrics']) {
        const res = await rawGet(open.url, path);
        expect(res.status, path).toBe(404);
        expect(res.body, path).not.toContain('# HELP');
      }
    } finally {
      await open.close();
    }
  });
});

/** A GET with its path exactly as written (fetch would normalise it). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
