// The peer: a bare oidc-provider in its own process (node --import tsx bench/lib/peer-server.ts).
// oidc-provider's defaults and its own in-memory adapter, one static client, a fixed account, no
// devInteractions. Only the behaviour the scenarios need matches Omnia's engine (claims and
// scopes, PKCE, a rotating refresh token with every code, introspection, RS256, the same TTLs).
// Interactions finish at once: login as the fixed account and a grant of the requested scopes.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import MemoryAdapter from 'oidc-provider/lib/adapters/memory_adapter.js';
import LRU from 'oidc-provider/lib/helpers/lru.js';
import { PEER_CLIENT_ID } from './peer-config';

const ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';
const DAY = 24 * 3600;

async function main() {
  const port = Number(process.env.PEER_PORT);
  const secret = process.env.PEER_CLIENT_SECRET ?? '';
  const redirectUri = process.env.PEER_REDIRECT_URI ?? '';
  // oidc-provider's in-memory adapter, on a store of its LRU sized for the run: the default store
  // keeps 1,000 entries, and a run mints tens of thousands of codes that must outlive the minting.
  const store = new LRU({ maxSize: 2_000_000 });
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'peer' };

  const configuration: Configuration = {
    adapter: (model: string) => new MemoryAdapter(model, store),
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
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: 'peer@bench.test',
        email_verified: true,
        name: 'Peer User',
        preferred_username: 'peer',
      }),
    }),
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
    cookies: { keys: [randomBytes(32).toString('base64url')] },
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

  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      void callback(req, res);
      return;
    }
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId: ACCOUNT_ID, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: ACCOUNT_ID }, consent: { grantId } },
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
