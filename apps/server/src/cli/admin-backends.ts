import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_STATUSES } from '@omnia/contracts/constants';
import { APP_LINK_FIELDS } from '@omnia/contracts/developer';
import { ERRORS } from '@omnia/contracts/errors';
import { z } from 'zod';
import type { Config } from '../config';
import { connectDatabase } from '../db/connect';
import { migrate } from '../db/migrate';
import { AppError } from '../errors';
import { createLogger } from '../logger';
import {
  type AdminClient,
  type AdminDecision,
  adminKeyPath,
  createAdminService,
  readAdminKey,
} from '../modules/admin';
import { createClientsModule } from '../modules/clients';
import { appScopesGrantedBy, createSigningKeys, type SigningKeyState } from '../modules/oauth';
import { publicNames } from '../modules/profiles';
import { createWebhookEvents } from '../modules/webhooks';
import { printable } from './admin-format';

/** An expected failure: its message is printed as is (no stack) and the command exits 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Nothing listens on the server's port: the server is not running. */
export class ServerNotRunning extends Error {
  override name = 'ServerNotRunning';
}

export interface AdminBackend {
  listClients(): Promise<AdminClient[]>;
  decide(clientId: string, decision: AdminDecision): Promise<AdminClient>;
  /** Approves or rejects one waiting change of an approved app, by the id `clients list` shows. */
  decideChange(changeId: string, decision: AdminDecision): Promise<AdminClient>;
  /** The engine's signing keys: which signs, which wait, which are retired but published. */
  listKeys(): Promise<SigningKeyState[]>;
  /** Makes the next signing key (published at once; signing after the delay, or at once). */
  rotateKey(immediately: boolean): Promise<{ kid: string; activates_at: string }>;
  close(): Promise<void>;
}

const unknownClient = (clientId: string) => new CliError(`Unknown client: ${printable(clientId, 200)}`);
const noChange = (changeId: string) =>
  new CliError(
    `No change ${printable(changeId, 200)} waits for review (decided already, or replaced by a newer one: see clients list)`,
  );

/** An approval the app's missing homepage, privacy policy or terms refuse. */
const linksMissing = () => new CliError(ERRORS.client_links_missing.message);

/** Errors from the database driver (they carry a code) are expected: unreachable, refused, no tables. */
function databaseError(err: unknown): never {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (!(err instanceof Error) || typeof code !== 'string') throw err;
  const hint = code === '42P01' ? ' (the tables do not exist yet: start the server once to create them)' : '';
  throw new CliError(`Database error: ${err.message}${hint}`, { cause: err });
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
    people: publicNames,
  });
  // Decisions queue the app's webhook events; the running server's worker delivers them.
  const events = createWebhookEvents({ db: handle.db, kick: () => {}, appsOfPerson: appScopesGrantedBy });
  const admin = createAdminService({ clients, onDecided: events.appReviewed });
  // The running instances read the keys again within half a minute (signing-keys-follower.ts).
  const keys = createSigningKeys({ db: handle.db, secretKey: config.secretKey, timing: config.signingKeys });
  return {
    listKeys: () => keys.list().catch(databaseError),
    rotateKey: (immediately) => keys.rotate({ immediately }).catch(databaseError),
    listClients: () => admin.listClients().catch(databaseError),
    async decide(clientId, decision) {
      try {
        return await admin.decide(clientId, decision);
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') throw unknownClient(clientId);
        if (err instanceof AppError && err.code === 'client_links_missing') throw linksMissing();
        return databaseError(err);
      }
    },
    async decideChange(changeId, decision) {
      try {
        return await admin.decideChange(changeId, decision);
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') throw noChange(changeId);
        if (err instanceof AppError && err.code === 'client_links_missing') throw linksMissing();
        return databaseError(err);
      }
    },
    close: () => handle.close(),
  };
}

const pendingChangeSchema = z.object({
  id: z.string(),
  name: z.object({ from: z.string(), to: z.string() }).optional(),
  logo_url: z.string().optional(),
  added_redirect_uris: z.array(z.string()).optional(),
  added_post_logout_redirect_uris: z.array(z.string()).optional(),
  links: z.partialRecord(z.enum(APP_LINK_FIELDS), z.string().nullable()).optional(),
  requested_at: z.string(),
});
const clientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  status: z.enum(CLIENT_STATUSES),
  owner_email: z.string(),
  created_at: z.string(),
  pending_change: pendingChangeSchema.nullable(),
});
const listSchema = z.object({ clients: z.array(clientSchema) });
const keyStateSchema = z.object({
  kid: z.string(),
  state: z.enum(['next', 'active', 'retired']),
  activates_at: z.string(),
});
const keyListSchema = z.object({ keys: z.array(keyStateSchema) });
const madeKeySchema = z.object({ key: z.object({ kid: z.string(), activates_at: z.string() }) });
const oneSchema = z.object({ client: clientSchema });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

const REQUEST_TIMEOUT_MS = 30_000;

function errorCodes(err: unknown, seen = new Set<unknown>()): string[] {
  if (typeof err !== 'object' || err === null || seen.has(err)) return [];
  seen.add(err);
  const own = (err as { code?: unknown }).code;
  const nested = err instanceof AggregateError ? err.errors : [];
  return [
    ...(typeof own === 'string' ? [own] : []),
    ...errorCodes((err as { cause?: unknown }).cause, seen),
    ...nested.flatMap((e) => errorCodes(e, seen)),
  ];
}

/**
 * The running server's /api/admin, on 127.0.0.1 (whatever HOST it binds), with the key from
 * DATA_DIR/admin.key. Every call throws ServerNotRunning when nothing listens on the port.
 */
function serverBackend(config: Pick<Config, 'port' | 'dataDir'>): AdminBackend {
  const base = `http://127.0.0.1:${config.port}`;
  const keyFile = adminKeyPath(config.dataDir);

  async function call(method: 'GET' | 'POST', path: string): Promise<Response> {
    const key = readAdminKey(config.dataDir);
    try {
      return await fetch(`${base}/api/admin${path}`, {
        method,
        headers: key ? { authorization: `Bearer ${key}` } : {},
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      if (errorCodes(err).includes('ECONNREFUSED')) throw new ServerNotRunning(base, { cause: err });
      if (err instanceof Error && err.name === 'TimeoutError')
        throw new CliError(`The server at ${base} did not answer within ${REQUEST_TIMEOUT_MS / 1000} s`);
      throw new CliError(`Cannot reach the server at ${base}: ${errorCodes(err)[0] ?? String(err)}`);
    }
  }

  /** A 404 from /api/admin with no client in question: the key was not accepted. */
  const keyRefused = () =>
    new CliError(
      readAdminKey(config.dataDir)
        ? `The server at ${base} did not accept the admin key in ${keyFile}. Is DATA_DIR the one the server uses, and PORT its port?`
        : `No admin key at ${keyFile}. Is DATA_DIR the one the server on port ${config.port} uses? (The server creates the key when it starts.)`,
    );

  async function body<T>(res: Response, schema: z.ZodType<T>): Promise<T> {
    const json: unknown = await res.json().catch(() => undefined);
    const parsed = schema.safeParse(json);
    if (res.ok && parsed.success) return parsed.data;
    const message = errorSchema.safeParse(json).data?.error.message;
    throw new CliError(
      `The server at ${base} answered ${res.status}${message ? `: ${printable(message, 300)}` : ' (not an Omnia admin answer)'}`,
    );
  }

  return {
    async listClients() {
      const res = await call('GET', '/clients');
      if (res.status === 404) throw keyRefused();
      return (await body(res, listSchema)).clients;
    },
    async decide(clientId, decision) {
      const res = await call('POST', `/clients/${encodeURIComponent(clientId)}/${decision}`);
      if (res.status === 404) {
        // The same 404 answers a refused key; the list tells the two apart.
        const check = await call('GET', '/clients');
        if (check.status === 404) throw keyRefused();
        throw unknownClient(clientId);
      }
      return (await body(res, oneSchema)).client;
    },
    async decideChange(changeId, decision) {
      const res = await call('POST', `/changes/${encodeURIComponent(changeId)}/${decision}`);
      if (res.status === 404) {
        const check = await call('GET', '/clients');
        if (check.status === 404) throw keyRefused();
        throw noChange(changeId);
      }
      return (await body(res, oneSchema)).client;
    },
    async listKeys() {
      const res = await call('GET', '/keys');
      if (res.status === 404) throw keyRefused();
      return (await body(res, keyListSchema)).keys;
    },
    async rotateKey(immediately) {
      const res = await call('POST', `/keys/rotate${immediately ? '?immediately=1' : ''}`);
      if (res.status === 404) throw keyRefused();
      return (await body(res, madeKeySchema)).key;
    },
    close: async () => {},
  };
}

const SERVER_START_WAIT_MS = 10_000;

/**
 * Whether the embedded data directory looks open: PGlite keeps `postmaster.pid` there while it runs
 * and removes it on a clean close. Opening it from a second process would corrupt it.
 */
function embeddedDatabaseInUse(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pgdata', 'postmaster.pid'));
}

/**
 * Runs `task` against the server when it runs; otherwise, with the embedded database, against the
 * data directory itself. A held directory with no answering server is waited for (a starting
 * server), then refused rather than opened twice.
 */
export async function withEmbeddedBackend<T>(
  config: Config,
  task: (backend: AdminBackend) => Promise<T>,
  onWait: (message: string) => void,
): Promise<T> {
  const server = serverBackend(config);
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  let waited = false;
  for (;;) {
    try {
      return await task(server);
    } catch (err) {
      if (!(err instanceof ServerNotRunning)) throw err;
    }
    if (!embeddedDatabaseInUse(config.dataDir)) break;
    if (Date.now() >= deadline)
      throw new CliError(
        `${join(config.dataDir, 'pgdata')} is in use (postmaster.pid is present) but no server answers on port ${config.port}. ` +
          'If the server is starting, try again; if it stopped abnormally, start it and stop it cleanly, then try again.',
      );
    if (!waited)
      onWait(`No answer on port ${config.port} yet but the database is open; waiting for the server…`);
    waited = true;
    await sleep(250);
  }
  const direct = await openDirectBackend(config);
  try {
    return await task(direct);
  } finally {
    await direct.close();
  }
}
