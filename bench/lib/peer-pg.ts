// The bare engine's PostgreSQL store (bench/lib/peer-server.ts, PEER_STORE=postgres or pglite): a
// straightforward oidc-provider adapter of the kind its documentation's example adapters show, one
// table for every model with the payload as jsonb, and the peer's accounts in a table of the same
// database (a deployment cannot keep them in process memory either). One statement per adapter call.
import type { Account, Adapter, AdapterPayload } from 'oidc-provider';

/** One query on the peer's database: a pg pool or an embedded PGlite. */
export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Account ids the peer's interactions sign in as, in turn: peerAccountId(0) … peerAccountId(n - 1). */
export const peerAccountId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SCHEMA = `
  create table if not exists oidc_payloads (
    model text not null,
    id text not null,
    payload jsonb not null,
    grant_id text,
    user_code text,
    uid text,
    expires_at timestamptz,
    consumed_at timestamptz,
    primary key (model, id)
  );
  create index if not exists oidc_payloads_grant_id on oidc_payloads (grant_id);
  create index if not exists oidc_payloads_uid on oidc_payloads (uid);
  create index if not exists oidc_payloads_user_code on oidc_payloads (user_code);
  create table if not exists peer_accounts (
    id uuid primary key,
    email text not null,
    email_verified boolean not null,
    name text not null,
    username text not null
  );`;

/** Creates the tables and `accounts` accounts (peerAccountId(0…accounts - 1)). */
export async function preparePeerDatabase(query: Query, accounts: number): Promise<void> {
  for (const statement of SCHEMA.split(';').filter((s) => s.trim())) await query(statement);
  await query(
    `insert into peer_accounts (id, email, email_verified, name, username)
     select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'peer-' || g || '@bench.test',
       true, 'Peer ' || g, 'peer-' || g
     from generate_series(0, $1::int - 1) g
     on conflict do nothing`,
    [accounts],
  );
  await query('analyze peer_accounts');
}

const live = 'and (expires_at is null or expires_at > now())';

/** The payload as the engine wants it back: `consumed` set once the row was consumed. */
function payloadOf(row: Record<string, unknown> | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  const consumed = row.consumed_at as Date | null;
  return consumed ? { ...payload, consumed: Math.floor(new Date(consumed).getTime() / 1000) } : payload;
}

/** oidc-provider's adapter factory on one table (called once per model name). */
export function pgAdapter(query: Query) {
  return (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      await query(
        `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
         values ($1, $2, $3::jsonb, $4, $5, $6, now() + $7::int * interval '1 second')
         on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
        [
          model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? null,
        ],
      );
    },
    async find(id) {
      const { rows } = await query(
        `select payload, consumed_at from oidc_payloads where model = $1 and id = $2 ${live}`,
        [model, id],
      );
      return payloadOf(rows[0]);
    },
    async findByUid(uid) {
      const { rows } = await query(
        `select payload, consumed_at from oidc_payloads where model = $1 and uid = $2 ${live} limit 1`,
        [model, uid],
      );
      return payloadOf(rows[0]);
    },
    async findByUserCode(userCode) {
      const { rows } = await query(
        `select payload, consumed_at from oidc_payloads where model = $1 and user_code = $2 ${live} limit 1`,
        [model, userCode],
      );
      return payloadOf(rows[0]);
    },
    async consume(id) {
      await query('update oidc_payloads set consumed_at = now() where model = $1 and id = $2', [model, id]);
    },
    async destroy(id) {
      await query('delete from oidc_payloads where model = $1 and id = $2', [model, id]);
    },
    async revokeByGrantId(grantId) {
      await query('delete from oidc_payloads where model = $1 and grant_id = $2', [model, grantId]);
    },
  });
}

/** findAccount on the peer's accounts table (one primary-key read). */
export function pgFindAccount(query: Query) {
  return async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    const { rows } = await query(
      'select email, email_verified, name, username from peer_accounts where id = $1',
      [sub],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      accountId: sub,
      claims: () => ({
        sub,
        email: String(row.email),
        email_verified: row.email_verified === true,
        name: String(row.name),
        preferred_username: String(row.username),
      }),
    };
  };
}
