import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../errors';
import type { AppEnv } from '../../http/context';
import { fromThisMachine } from '../../http/this-machine';
import type { SigningKeyState } from '../oauth';
import { ADMIN_PROOF_NONCE, adminKeyMatches, adminProof } from './admin-key';
import type { AdminClientListResponse, AdminClientResponse, AdminDecision, AdminService } from './service';

/**
 * Only a caller on this machine (the admin command line asks 127.0.0.1, never through a proxy)
 * holding DATA_DIR/admin.key gets past; anyone else sees the API's plain 404. A key copied off the
 * machine opens nothing from elsewhere.
 */
function requireAdminKey(adminKey: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!fromThisMachine(c)) throw new AppError('not_found');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!adminKeyMatches(adminKey, match?.[1])) throw new AppError('not_found');
    await next();
  };
}

/** The engine's signing keys as the operator sees them (oauth/signing-keys.ts). */
export interface AdminSigningKeys {
  list(): Promise<SigningKeyState[]>;
  /** Makes the next key; this instance follows at once, the others within half a minute. */
  rotate(options: { immediately: boolean }): Promise<{ kid: string; activates_at: string }>;
}

/** /api/admin: the operator's decisions on OAuth2 clients and signing keys (used by `npm run admin`). */
export function adminRoutes({
  admin,
  keys,
  adminKey,
}: {
  admin: AdminService;
  keys: AdminSigningKeys;
  adminKey: string;
}) {
  const decide = async (c: Context<AppEnv>, clientId: string, decision: AdminDecision) => {
    const client = await admin.decide(clientId, decision, c.req.query('version') ?? '');
    c.get('logger').info(
      { client_id: client.client_id, client_status: client.status },
      'admin: client status set',
    );
    const body: AdminClientResponse = { client };
    return c.json(body);
  };
  const decideChange = async (c: Context<AppEnv>, changeId: string, decision: AdminDecision) => {
    const client = await admin.decideChange(changeId, decision);
    c.get('logger').info(
      { client_id: client.client_id, change_id: changeId, decision },
      'admin: client change decided',
    );
    const body: AdminClientResponse = { client };
    return c.json(body);
  };
  return (
    new Hono<AppEnv>()
      // Before the key: the command line asks the server to prove it holds the key (an HMAC of the
      // command's random challenge) before sending it. Only on 127.0.0.1, where the command asks, so
      // a program squatting that port while the server listens elsewhere cannot relay the challenge.
      .get('/proof', (c) => {
        const nonce = c.req.query('nonce') ?? '';
        const socket = c.env?.incoming?.socket;
        const local = socket?.localAddress?.replace(/^::ffff:/i, '');
        const port = socket?.localPort;
        if (!fromThisMachine(c) || local !== '127.0.0.1' || !port || !ADMIN_PROOF_NONCE.test(nonce))
          throw new AppError('not_found');
        c.header('Cache-Control', 'no-store');
        return c.json({ proof: adminProof(adminKey, nonce, port) });
      })
      .use(requireAdminKey(adminKey))
      .use(async (c, next) => {
        await next();
        c.header('Cache-Control', 'no-store');
      })
      .get('/clients', async (c) => {
        const body: AdminClientListResponse = { clients: await admin.listClients() };
        return c.json(body);
      })
      .post('/clients/:clientId/approve', (c) => decide(c, c.req.param('clientId'), 'approve'))
      .post('/clients/:clientId/reject', (c) => decide(c, c.req.param('clientId'), 'reject'))
      .post('/changes/:changeId/approve', (c) => decideChange(c, c.req.param('changeId'), 'approve'))
      .post('/changes/:changeId/reject', (c) => decideChange(c, c.req.param('changeId'), 'reject'))
      .get('/keys', async (c) => c.json({ keys: await keys.list() }))
      .post('/keys/rotate', async (c) => {
        const immediately = c.req.query('immediately') === '1';
        const key = await keys.rotate({ immediately });
        c.get('logger').info({ kid: key.kid, activates_at: key.activates_at }, 'admin: signing key made');
        return c.json({ key });
      })
  );
}
