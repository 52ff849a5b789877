import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import { holdAccount } from '../modules/accounts';
import { type AdminClient, createAdminService } from '../modules/admin';
import { createClientsModule, holdApps } from '../modules/clients';
import { endRegistration } from '../modules/developer';
import { appScopesGrantedBy, createSigningKeys, endClientGrants } from '../modules/oauth';
import { publicNames } from '../modules/profiles';
import { createWebhookEvents } from '../modules/webhooks';
import {
  type AdminBackend,
  CliError,
  clientChanged,
  linksMissing,
  noChange,
  unknownClient,
} from './admin-backend';

/** Errors from the database driver (they carry a code) are expected: unreachable, refused, no tables. */
function databaseError(err: unknown): never {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (!(err instanceof Error) || typeof code !== 'string') throw err;
  const hint = code === '42P01' ? ' (the tables do not exist yet: start the server once to create them)' : '';
  throw new CliError(`Database error: ${err.message}${hint}`, { cause: err });
}

/** A decision's expected refusals as the command's messages; anything else is the database's. */
async function decided(decision: Promise<AdminClient>, notFound: () => CliError): Promise<AdminClient> {
  try {
    return await decision;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw notFound();
    if (err instanceof AppError && err.code === 'client_links_missing') throw linksMissing();
    if (err instanceof AppError && err.code === 'client_changed') throw clientChanged();
    return databaseError(err);
  }
}

/** Straight to the database, through the same service as the server's /api/admin routes. */
export async function openDirectBackend(config: Config): Promise<AdminBackend> {
  let handle: Awaited<ReturnType<typeof connectDatabase>>;
  try {
    handle = await connectDatabase(config);
    // A fresh embedded directory has no tables yet; the server would create them the same way.
    if (handle.kind === 'pglite') await migrate(handle.db);
  } catch (err) {
    throw new CliError(`Cannot open the database: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  // The operator's view of the clients; the usage log is never started here.
  const { clients } = createClientsModule({
    db: handle.db,
    logger: createLogger(config),
    listen: handle.listen,
    people: { ...publicNames, hold: holdAccount },
    onTransferred: endRegistration,
  });
  // Decisions queue the app's webhook events; the running server's worker delivers them.
  const events = createWebhookEvents({
    db: handle.db,
    kick: () => {},
    appsOfPerson: appScopesGrantedBy,
    holdApps,
  });
  const admin = createAdminService({ clients, onDecided: events.appReviewed, endGrants: endClientGrants });
  // The running instances read the keys again within half a minute (signing-keys-follower.ts).
  const keys = createSigningKeys({ db: handle.db, secretKey: config.secretKey, timing: config.signingKeys });
  return {
    listKeys: () => keys.list().catch(databaseError),
    rotateKey: (immediately) => keys.rotate({ immediately }).catch(databaseError),
    listClients: () => admin.listClients().catch(databaseError),
    decide: (clientId, decision, version) =>
      decided(admin.decide(clientId, decision, version), () => unknownClient(clientId)),
    decideChange: (changeId, decision) =>
      decided(admin.decideChange(changeId, decision), () => noChange(changeId)),
    close: () => handle.close(),
  };
}
