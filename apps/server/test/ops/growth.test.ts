import { type ClientStats, DEVELOPER_API } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHousekeeping, RETENTION } from '../../src/housekeeping';
import { createLogger } from '../../src/logger';
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
import { createUser, postJson, refresh, secondSessionOf, type TestUser } from '../support/users';

/**
 * Steady sign-in and token traffic must not make any table grow without bound: every row it writes
 * is purged by housekeeping once it has expired or its retention has passed (docs/operations.md).
 *
 * Each round sends the same traffic: password sign-ins (one failed), web-session refreshes and a
 * sign-out, an OAuth authorization with consent, a code exchange, refresh_token grants and userinfo
 * calls, plus refreshes of one web session that stays open across all rounds. Then time passes and
 * housekeeping runs once. Row counts after each round's traffic must stay level, and the client's
 * all-time statistics must stay exact while its raw usage events are rolled up.
 */

/**
 * How far the clock moves between rounds: more than the longest lifetime or retention of anything
 * the traffic writes (the OAuth engine's grants, 365 days; see RETENTION for the rest).
 */
const SHIFT_DAYS = 400;
const ROUNDS = 4;
/** The usage events one round records for the client. */
const PER_ROUND: Record<string, number> = {
  authorize: 1,
  consent_granted: 1,
  token_issued: 1,
  token_refreshed: 2,
  userinfo: 3,
};
const PER_ROUND_TOTAL = Object.values(PER_ROUND).reduce((a, b) => a + b, 0);

let server: TestServer;
let users: TestUser[];
/** Signed in once, before the first round; stays open and keeps refreshing. */
let longLived: TestUser;
let longLivedSessionId: string;
let owner: TestUser;
let client: TestClient;
let clientRowId: string;
const logger = createLogger({ logLevel: 'silent' });

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser(server);
  users = [await createUser(server), await createUser(server), await createUser(server)];
  longLived = await createUser(server);
  client = await insertClient(server, owner);
  const db = server.deps.dbHandle.db;
  clientRowId = (
    await db
      .selectFrom('oauth2_clients')
      .select('id')
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow()
  ).id;
  longLivedSessionId = (
    await db.selectFrom('sessions').select('id').where('user_id', '=', longLived.id).executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => server?.close());

const db = () => server.deps.dbHandle.db;

async function login(user: TestUser, password = user.password) {
  if (password === user.password) return secondSessionOf(server, user);
  const res = await postJson(server, '/api/auth/login', { email: user.email, password });
  expect(res.status).toBe(400);
  return undefined;
}

/** One round of steady traffic. */
async function traffic() {
  // Sign-ins, refreshes of each new session, one sign-out, one failed sign-in (a rate-limit window).
  const signedIn = [];
  for (const user of users) {
    const fresh = await login(user);
    if (!fresh) throw new Error('unreachable');
    let cookie = fresh.refreshCookie;
    for (let i = 0; i < 2; i++) cookie = (await refresh(server, cookie)).refreshCookie;
    signedIn.push({ ...fresh, refreshCookie: cookie });
  }
  await login(users[0]!, 'not the password');
  const leaving = signedIn[2]!;
  const logout = await server.fetch('/api/auth/logout', {
    method: 'POST',
    headers: { cookie: leaving.refreshCookie, ...leaving.authHeader },
  });
  expect(logout.status).toBe(204);

  // The long-lived session rotates its refresh token, as an open tab does every hour.
  for (let i = 0; i < 3; i++)
    longLived.refreshCookie = (await refresh(server, longLived.refreshCookie)).refreshCookie;

  // OAuth: authorize with consent, exchange the code, refresh twice, userinfo after each.
  const user = signedIn[0]!;
  const jar = new CookieJar();
  const { verifier, challenge } = pkce();
  const uid = await startAuthorization(server, jar, authorizeUrl(client, { challenge }));
  const back = await decide(server, jar, uid, user, true);
  const exchange = await tokenRequest(server, client, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code') ?? '',
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(exchange.status).toBe(200);
  let tokens = (await exchange.json()) as { access_token: string; refresh_token: string };
  for (let i = 0; i <= 2; i++) {
    const info = await server.fetch('/oauth2/userinfo', {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(info.status).toBe(200);
    if (i === 2) break;
    const refreshed = await tokenRequest(server, client, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    tokens = (await refreshed.json()) as typeof tokens;
  }
}

/**
 * Lets SHIFT_DAYS pass without waiting for them: every timestamp and expiry column of the tables
 * the traffic writes moves that far into the past, which is the same, for every "now() - x" and
 * "expires_at < now()" comparison, as the clock moving forward. The long-lived session's expiry
 * does not move: it stands for a tab left open that refreshed every hour meanwhile (each refresh
 * pushes its expiry 30 days ahead); the tokens it rotated away do age.
 */
async function letTimePass() {
  const shift = sql`(${SHIFT_DAYS}::int * interval '1 day')`;
  await sql`update sessions set
      created_at = created_at - ${shift},
      last_active_at = last_active_at - ${shift},
      revoked_at = revoked_at - ${shift},
      expires_at = case when id = ${longLivedSessionId} then expires_at else expires_at - ${shift} end`.execute(
    db(),
  );
  await sql`update refresh_tokens set created_at = created_at - ${shift}, used_at = used_at - ${shift}`.execute(
    db(),
  );
  await sql`update session_logs set created_at = created_at - ${shift}`.execute(db());
  await sql`update security_events set created_at = created_at - ${shift}`.execute(db());
  await sql`update notifications set created_at = created_at - ${shift}`.execute(db());
  await sql`update rate_limits set reset_at = reset_at - ${shift}`.execute(db());
  await sql`update oidc_models set expires_at = expires_at - ${shift}, consumed_at = consumed_at - ${shift}`.execute(
    db(),
  );
  await sql`update oauth2_usage_stats set created_at = created_at - ${shift}`.execute(db());
  // The notices this traffic mails (a new device, an app allowed) are delivered first, then age.
  await vi.waitFor(
    async () => {
      const pending = await sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null`.execute(
        db(),
      );
      if ((pending.rows[0]?.n ?? 0) > 0) throw new Error('mail still pending');
    },
    { timeout: 10_000, interval: 100 },
  );
  await sql`update mail_outbox set created_at = created_at - ${shift}, sent_at = sent_at - ${shift}`.execute(
    db(),
  );
}
/** The tables letTimePass ages (oauth2_usage_totals has no time: its counts are all-time). */
const AGED = [
  'sessions',
  'refresh_tokens',
  'session_logs',
  'security_events',
  'notifications',
  'rate_limits',
  'oidc_models',
  'oauth2_usage_stats',
  'mail_outbox',
];

/** Rows per table, for every table of the schema. */
async function countRows(): Promise<Record<string, number>> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name
  `.execute(db());
  const counts: Record<string, number> = {};
  for (const { table_name } of rows) {
    const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(
      db(),
    );
    counts[table_name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** Usage events are recorded after the response; waits until this round's have landed. */
async function settledUsage(expectedRaw: number) {
  for (let i = 0; i < 100; i++) {
    const row = await db()
      .selectFrom('oauth2_usage_stats')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('client_id', '=', client.clientId)
      .executeTakeFirstOrThrow();
    if (row.n >= expectedRaw) return row.n;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`usage events did not arrive (expected ${expectedRaw})`);
}

async function stats(): Promise<ClientStats> {
  // The owner's session of an earlier round is gone by now: sign in again (steady traffic too).
  const fresh = await login(owner);
  const res = await server.fetch(`${DEVELOPER_API.clients}/${clientRowId}/stats`, {
    headers: fresh!.authHeader,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as ClientStats;
}

const times = (n: number) => Object.fromEntries(Object.entries(PER_ROUND).map(([k, v]) => [k, v * n]));

describe('housekeeping under steady traffic', () => {
  it('row counts stay level round after round, and the client statistics stay exact', async () => {
    const maintenance = createHousekeeping({ db: db(), logger });
    const afterTraffic: Record<string, number>[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const before = await countRows();
      await traffic();
      // Everything of earlier rounds was rolled up: the raw events are this round's only.
      await settledUsage(PER_ROUND_TOTAL);
      const counts = await countRows();
      afterTraffic.push(counts);

      // Every table this traffic adds rows to is one that time ages here (and housekeeping purges).
      const grown = Object.keys(counts).filter((t) => (counts[t] ?? 0) > (before[t] ?? 0));
      expect(grown.filter((t) => !AGED.includes(t) && t !== 'oauth2_usage_totals')).toEqual([]);
      expect(grown).toEqual(expect.arrayContaining(['refresh_tokens', 'session_logs', 'oauth2_usage_stats']));

      // Statistics: all-time counts are exact whether the events are raw or already rolled up.
      const now = await stats();
      expect(now.byAction).toEqual(times(round));
      expect(now.total).toBe(PER_ROUND_TOTAL * round);
      expect(now.last30Days).toBe(PER_ROUND_TOTAL);

      await letTimePass();
      const housekeeping = await maintenance.runOnce();
      expect(housekeeping.ran).toBe(true);
      if (!housekeeping.ran) return;
      const purged = housekeeping.purged;
      expect(purged.session_logs).toBeGreaterThan(0);
      expect(purged.security_events).toBeGreaterThan(0);
      // The app allowed each round is a notice in the bell.
      expect(purged.notifications).toBeGreaterThan(0);
      expect(purged.oauth2_usage_stats).toBe(PER_ROUND_TOTAL);
      // The long-lived session is still open; the tokens it rotated away are purged by age.
      expect(purged.refresh_tokens).toBeGreaterThanOrEqual(3);
      expect(purged.oidc_models).toBeGreaterThan(0);

      const aged = await stats();
      expect(aged).toMatchObject({ total: PER_ROUND_TOTAL * round, today: 0, last30Days: 0 });
      expect(aged.byAction).toEqual(times(round));
    }

    // The long-lived session survived every round and still refreshes.
    longLived.refreshCookie = (await refresh(server, longLived.refreshCookie)).refreshCookie;
    const first = afterTraffic[0]!;
    const last = afterTraffic[ROUNDS - 1]!;
    for (const table of Object.keys(last)) {
      // The first rollup adds one row per action for the client, once; other tables stay level
      // (+2 for rows of the current round that may land a moment apart).
      const slack = table === 'oauth2_usage_totals' ? Object.keys(PER_ROUND).length : 2;
      expect(last[table], `${table}: ${afterTraffic.map((c) => c[table]).join(' → ')}`).toBeLessThanOrEqual(
        (first[table] ?? 0) + slack,
      );
    }
    // Nothing is left of earlier rounds' raw usage events.
    expect(last.oauth2_usage_stats).toBe(PER_ROUND_TOTAL);
    expect(RETENTION.usageEventDays).toBeLessThan(SHIFT_DAYS);
  }, 300_000);
});
