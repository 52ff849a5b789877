// The peer: a bare oidc-provider in its own process (node --import tsx bench/lib/peer-server.ts).
// oidc-provider's defaults, one static client, no devInteractions. Only the behaviour the scenarios
// need matches Omnia's engine (claims and scopes, PKCE, a rotating refresh token with every code,
// introspection, RS256, the same TTLs). Interactions finish at once: each signs in as the next of
// the peer's accounts (so sessions, grants and tokens spread over many accounts, as Omnia's do)
// with a grant of the requested scopes.
// PEER_STORE=memory (default): oidc-provider's own in-memory adapter and claims made up from the
// account id, the upper bound. PEER_STORE=postgres (PEER_DATABASE_URL) or pglite (PEER_DATA_DIR):
// the engine on a database (bench/lib/peer-pg.ts), the peer a deployment could run.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type Account, type Configuration } from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import LRU from 'oidc-provider/lib/helpers/lru.js';
import pg from 'pg';
import { PEER_CLIENT_ID } from './peer-config';
import { peerAccountId, pgAdapter, pgFindAccount, preparePeerDatabase, type Query } from './peer-pg';

const DAY = 24 * 3600;
const store = process.env.PEER_STORE ?? 'memory';
const accounts = Number(process.env.PEER_ACCOUNTS ?? 1_000);
/** Processes serving the port (PEER_WORKERS; PostgreSQL only: memory and PGlite are per process). */
const workers = store === 'postgres' ? Math.max(1, Number(process.env.PEER_WORKERS ?? 1)) : 1;

/** Claims made up from the account id (the in-memory peer reads nothing). */
const memoryAccount = (_ctx: unknown, sub: string): Account => ({
  accountId: sub,
  claims: () => ({
    sub,
    email: `${sub}@bench.test`,
    email_verified: true,
    name: 'Peer User',
    preferred_username: sub,
  }),
});

interface Store {
  adapter: Configuration['adapter'];
  findAccount: Configuration['findAccount'];
  query?: Query;
}

async function openStore(): Promise<Store> {
  if (store === 'memory') {
    // oidc-provider's in-memory adapter, on a store of its LRU sized for the run: the default store
    // keeps 1,000 entries, and a run mints tens of thousands of codes that must outlive the minting.
    const lru = new LRU({ maxSize: 2_000_000 });
    return { adapter: (model: string) => new MemoryAdapter(model, lru), findAccount: memoryAccount };
  }
  let query: Query;
  if (store === 'pglite') {
    const db = new PGlite(process.env.PEER_DATA_DIR);
    await db.waitReady;
    query = (text, params) => db.query<Record<string, unknown>>(text, params);
  } else if (store === 'postgres') {
    // The same pool size as Omnia's in the bench (DATABASE_POOL_SIZE).
    const pool = new pg.Pool({
      connectionString: process.env.PEER_DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    });
    query = (text, params) => pool.query(text, params);
  } else {
    throw new Error(`PEER_STORE ${store}: memory, postgres or pglite`);
  }
  return { adapter: pgAdapter(query), findAccount: pgFindAccount(query), query };
}

async function main({ adapter, findAccount }: Store) {
  const port = Number(process.env.PEER_PORT);
  const secret = process.env.PEER_CLIENT_SECRET ?? '';
  const redirectUri = process.env.PEER_REDIRECT_URI ?? '';
  // Every worker signs with the same key and the same cookie keys (passed down from the primary).
  const jwk = JSON.parse(process.env.PEER_JWK ?? 'null') as JWK;
  const cookieKey = process.env.PEER_COOKIE_KEY ?? '';

  const configuration: Configuration = {
    adapter,
    clients: [
      {
        client_id: PEER_CLIENT_ID,
        client_secret: secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        scope: 'openid profile email',
      },
    ],
    findAccount,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
    },
    scopes: ['openid', 'profile', 'email'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
    },
    cookies: { keys: [cookieKey] },
    jwks: { keys: [jwk] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 30 * DAY,
      Grant: 365 * DAY,
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
  };
  const provider = new Provider(`http://127.0.0.1:${port}`, configuration);
  const callback = provider.callback();
  // Each worker starts at its own offset, so two workers do not hand out the same accounts first.
  let nextAccount = cluster.worker ? cluster.worker.id * 7_919 : 0;

  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = peerAccountId(nextAccount++ % accounts);
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((err: unknown) => {
      console.error('peer interaction failed', err);
      res.statusCode = 500;
      res.end();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** The primary prepares the database and the keys once, then runs the server or its workers. */
async function primary() {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  process.env.PEER_JWK = JSON.stringify({
    ...(await exportJWK(privateKey)),
    alg: 'RS256',
    use: 'sig',
    kid: 'peer',
  });
  process.env.PEER_COOKIE_KEY = randomBytes(32).toString('base64url');
  const opened = await openStore();
  if (opened.query) await preparePeerDatabase(opened.query, accounts);
  if (workers === 1) return main(opened);
  for (let i = 0; i < workers; i++) cluster.fork();
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
}

(cluster.isPrimary ? primary() : openStore().then(main)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
