import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * An app's back-channel logout endpoint, as Back-Channel Logout 1.0 §2.6 asks it to validate:
 * a form POST of `logout_token`, a JWT signed with a key of the issuer's JWKS, typed
 * `logout+jwt`, for this app, recent, with the logout event, a `sub` or `sid`, and no `nonce`.
 * It can be told to fail the next few deliveries (a 500) to see them retried.
 */
export async function startLogoutReceiver(issuer: string, clientId: string) {
  const jwks = createRemoteJWKSet(new URL('/oauth2/jwks', issuer));
  const received: JWTPayload[] = [];
  /** The tokens as they came, for a second verifier (docs/integrators.md's example). */
  const raw: string[] = [];
  const refused: string[] = [];
  let failNext = 0;
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      if (failNext > 0) {
        failNext--;
        res.writeHead(500).end();
        return;
      }
      try {
        if (
          req.method !== 'POST' ||
          !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
        )
          throw new Error('not a form POST');
        const token = new URLSearchParams(body).get('logout_token') ?? '';
        if (decodeProtectedHeader(token).typ !== 'logout+jwt') throw new Error('not typed logout+jwt');
        const { payload } = await jwtVerify(token, jwks, {
          issuer,
          audience: clientId,
          maxTokenAge: '2 minutes',
        });
        const events = payload.events as Record<string, unknown> | undefined;
        if (!events || typeof events[BACKCHANNEL_EVENT] !== 'object') throw new Error('no logout event');
        if (!payload.sub && !payload.sid) throw new Error('neither sub nor sid');
        if ('nonce' in payload) throw new Error('a nonce');
        received.push(payload);
        raw.push(token);
        res.writeHead(200).end();
      } catch (err) {
        refused.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
      }
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    uri: `http://127.0.0.1:${port}/backchannel-logout`,
    received,
    raw,
    refused,
    failNext(count: number) {
      failNext = count;
    },
    /** Resolves once `count` tokens were accepted (fails after `ms`). */
    async waitFor(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} logout tokens; refused: ${refused.join('; ')}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 200);
        });
      }
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
