import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLIENT_STATUSES } from '@omnia/contracts/constants';
import { APP_LINK_FIELDS } from '@omnia/contracts/developer';
import { z } from 'zod';
import type { Config } from '../config';
import { embeddedDatabaseDir } from '../db/embedded-dir';
import { adminKeyPath, adminProof, readAdminKey } from '../modules/admin';
import { type AdminBackend, CliError, noChange, ServerNotRunning, unknownClient } from './admin-backend';
import { printable } from './admin-format';

const pendingChangeSchema = z.object({
  id: z.string(),
  name: z.object({ from: z.string(), to: z.string() }).optional(),
  description: z.object({ from: z.string().nullable(), to: z.string() }).optional(),
  logo_url: z.string().optional(),
  added_redirect_uris: z.array(z.string()).optional(),
  added_post_logout_redirect_uris: z.array(z.string()).optional(),
  links: z.partialRecord(z.enum(APP_LINK_FIELDS), z.string().nullable()).optional(),
  requested_at: z.string(),
});
const reviewSchema = z.object({
  version: z.string(),
  // Absent from a server older than this command: shown as none.
  description: z.string().nullable().default(null),
  publisher: z.string().nullable().default(null),
  published_as: z.string().nullable().default(null),
  logo_url: z.string().nullable(),
  redirect_uris: z.array(z.string()),
  post_logout_redirect_uris: z.array(z.string()),
  links: z.record(z.enum(APP_LINK_FIELDS), z.string().nullable()),
});
const clientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  status: z.enum(CLIENT_STATUSES),
  owner_email: z.string(),
  created_at: z.string(),
  pending_change: pendingChangeSchema.nullable(),
  review: reviewSchema.nullable(),
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

  async function send(method: 'GET' | 'POST', path: string, key?: string): Promise<Response> {
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

  /**
   * Before its key goes anywhere, whatever answers on the port proves it holds the key (an HMAC of
   * a random challenge and of this port): another program listening there while the server is
   * down, or bound elsewhere, gets nothing and is believed in nothing, even one that relays the
   * challenge to the server on its own port.
   */
  let proven = false;
  async function prove(key: string): Promise<void> {
    if (proven) return;
    const nonce = randomBytes(32).toString('base64url');
    const res = await send('GET', `/proof?nonce=${nonce}`);
    const given = Buffer.from(
      String(((await res.json().catch(() => undefined)) as { proof?: unknown } | undefined)?.proof ?? ''),
    );
    const expected = Buffer.from(adminProof(key, nonce, config.port));
    if (!res.ok || given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new CliError(
        `What answers at ${base} did not prove it holds the admin key in ${keyFile}, so the key was not sent. ` +
          `Is DATA_DIR the one the server uses, and PORT its port? Another program may be listening on port ${config.port}.`,
      );
    proven = true;
  }

  async function call(method: 'GET' | 'POST', path: string): Promise<Response> {
    const key = readAdminKey(config.dataDir);
    if (key) await prove(key);
    return send(method, path, key);
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

  /** A decision on a client or a change; a 404 is either a refused key or nothing to decide. */
  async function decideAt(path: string, notFound: () => CliError) {
    const res = await call('POST', path);
    if (res.status === 404) {
      // The same 404 answers a refused key; the list tells the two apart.
      const check = await call('GET', '/clients');
      if (check.status === 404) throw keyRefused();
      throw notFound();
    }
    return (await body(res, oneSchema)).client;
  }

  return {
    async listClients() {
      const res = await call('GET', '/clients');
      if (res.status === 404) throw keyRefused();
      return (await body(res, listSchema)).clients;
    },
    decide: (clientId, decision, version) =>
      decideAt(
        `/clients/${encodeURIComponent(clientId)}/${decision}${version ? `?version=${encodeURIComponent(version)}` : ''}`,
        () => unknownClient(clientId),
      ),
    decideChange: (changeId, decision) =>
      decideAt(`/changes/${encodeURIComponent(changeId)}/${decision}`, () => noChange(changeId)),
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
  return existsSync(join(embeddedDatabaseDir(dataDir), 'postmaster.pid'));
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
        `${embeddedDatabaseDir(config.dataDir)} is in use (postmaster.pid is present) but no server answers on port ${config.port}. ` +
          'If the server is starting, try again; if it stopped abnormally, start it and stop it cleanly, then try again.',
      );
    if (!waited)
      onWait(`No answer on port ${config.port} yet but the database is open; waiting for the server…`);
    waited = true;
    await sleep(250);
  }
  // The database's modules (the engine, the drivers) load only now: a command the server answers
  // starts in a fraction of the time.
  const { openDirectBackend } = await import('./admin-direct-backend');
  const direct = await openDirectBackend(config);
  try {
    return await task(direct);
  } finally {
    await direct.close();
  }
}
