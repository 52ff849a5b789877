import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CookieJar } from './jar';
import { authorizePath, codeOf, type OAuthTarget, pkcePair, REDIRECT_URI } from './oauth';
import { PEER_CLIENT_ID, PEER_ROUTES } from './peer-config';
import { type RunningServer, stopChild, waitReady } from './server';

/** Where the peer keeps its models and accounts (bench/lib/peer-server.ts). */
export type PeerStore =
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string; workers: number }
  | { kind: 'pglite'; dir: string };

const LABELS: Record<PeerStore['kind'], string> = {
  memory: 'peer in memory',
  postgres: 'peer on PostgreSQL',
  pglite: 'peer on PGlite',
};

/** Starts the bare oidc-provider peer (bench/lib/peer-server.ts) in its own process. */
export async function startPeer(
  port: number,
  store: PeerStore,
  /** Accounts the peer's interactions sign in as, in turn (a database peer seeds them). */
  accounts: number,
): Promise<{ server: RunningServer; target: OAuthTarget }> {
  const base = `http://127.0.0.1:${port}`;
  const clientSecret = randomBytes(32).toString('base64url');
  // BENCH_PEER_CPU_PROF=<dir>: a V8 CPU profile of the peer, as BENCH_CPU_PROF gives Omnia's.
  const prof = process.env.BENCH_PEER_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PEER_CPU_PROF}`]
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...prof, '--import', 'tsx', 'bench/lib/peer-server.ts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PEER_PORT: String(port),
        PEER_CLIENT_SECRET: clientSecret,
        PEER_REDIRECT_URI: REDIRECT_URI,
        PEER_STORE: store.kind,
        PEER_ACCOUNTS: String(accounts),
        ...(store.kind === 'postgres'
          ? { PEER_DATABASE_URL: store.url, PEER_WORKERS: String(store.workers) }
          : {}),
        ...(store.kind === 'pglite' ? { PEER_DATA_DIR: store.dir } : {}),
      },
    },
  );
  await waitReady(child, `${base}/.well-known/openid-configuration`, LABELS[store.kind]);
  return {
    server: { url: base, pid: child.pid, stop: () => stopChild(child) },
    target: {
      label: LABELS[store.kind],
      base,
      routes: PEER_ROUTES,
      clientId: PEER_CLIENT_ID,
      clientSecret,
      scope: 'openid profile email',
      pkce: pkcePair(),
    },
  };
}

/**
 * One browser of the peer: following the first authorization signs it in as the peer's next
 * account (its interaction finishes by itself) and yields a code.
 */
export async function peerJar(target: OAuthTarget): Promise<{ jar: CookieJar; code: string }> {
  const jar = new CookieJar(target.base);
  return { jar, code: codeOf(await jar.followToClient(authorizePath(target))) };
}
