import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { CookieJar } from './jar';
import { authorizePath, codeOf, type OAuthTarget, pkcePair, REDIRECT_URI } from './oauth';
import { PEER_CLIENT_ID, PEER_ROUTES } from './peer-config';
import { type RunningServer, stopChild, waitReady } from './server';

/** Starts the bare oidc-provider peer (bench/lib/peer-server.ts) in its own process. */
export async function startPeer(port: number): Promise<{ server: RunningServer; target: OAuthTarget }> {
  const base = `http://127.0.0.1:${port}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/peer-server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PEER_PORT: String(port),
      PEER_CLIENT_SECRET: clientSecret,
      PEER_REDIRECT_URI: REDIRECT_URI,
    },
  });
  await waitReady(child, `${base}/.well-known/openid-configuration`, 'oidc-provider peer');
  return {
    server: { url: base, stop: () => stopChild(child) },
    target: {
      label: 'oidc-provider',
      base,
      routes: PEER_ROUTES,
      clientId: PEER_CLIENT_ID,
      clientSecret,
      scope: 'openid profile email',
      pkce: pkcePair(),
    },
  };
}

/** The peer's interaction finishes by itself: following the first authorization yields a code. */
export async function peerJar(target: OAuthTarget): Promise<{ jar: CookieJar; code: string }> {
  const jar = new CookieJar(target.base);
  return { jar, code: codeOf(await jar.followToClient(authorizePath(target))) };
}
