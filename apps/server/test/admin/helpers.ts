import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { AdminClient } from '../../src/modules/admin';
import type { TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/users';

export interface SeededClient {
  clientId: string;
  name: string;
  ownerEmail: string;
}

/** A user and one of their clients, written straight to the database (status pending unless told). */
export async function seedClient(
  server: TestServer,
  opts: { name?: string; createdAt?: Date; links?: boolean } = {},
): Promise<SeededClient> {
  const db = server.deps.dbHandle.db;
  const ownerEmail = uniqueEmail('owner');
  const user = await db
    .insertInto('users')
    .values({ email: ownerEmail, password_hash: 'not-a-hash' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const clientId = `omnia_${randomBytes(12).toString('hex')}`;
  const name = opts.name ?? `App ${randomBytes(3).toString('hex')}`;
  await db
    .insertInto('oauth2_clients')
    .values({
      user_id: user.id,
      name,
      client_id: clientId,
      client_secret: 'sealed-secret-placeholder',
      redirect_uris: ['https://app.example/callback'],
      allowed_scopes: ['profile'],
      // What approval needs; `links: false` leaves them out.
      ...(opts.links === false
        ? {}
        : {
            homepage_url: 'https://app.example',
            privacy_url: 'https://app.example/privacy',
            terms_url: 'https://app.example/terms',
          }),
      ...(opts.createdAt ? { created_at: opts.createdAt, updated_at: opts.createdAt } : {}),
    })
    .execute();
  return { clientId, name, ownerEmail };
}

export const clientRow = (server: TestServer, clientId: string) =>
  server.deps.dbHandle.db
    .selectFrom('oauth2_clients')
    .select(['status', 'updated_at'])
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();

export const adminKeyOf = (server: TestServer) =>
  readFileSync(join(server.config.dataDir, 'admin.key'), 'utf8').trim();

/** The version `clients list` shows for an app not approved: what an approval names. */
export async function listedVersion(server: TestServer, clientId: string): Promise<string> {
  const res = await server.fetch('/api/admin/clients', {
    headers: { authorization: `Bearer ${adminKeyOf(server)}` },
  });
  const { clients } = (await res.json()) as { clients: AdminClient[] };
  return clients.find((c) => c.client_id === clientId)?.review?.version ?? '';
}

/** The operator approves an app as listed (POST /api/admin/clients/:id/approve?version=…). */
export async function approveAsListed(server: TestServer, clientId: string): Promise<Response> {
  const version = await listedVersion(server, clientId);
  return server.fetch(`/api/admin/clients/${clientId}/approve?version=${version}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKeyOf(server)}` },
  });
}

const repoRoot = resolve(import.meta.dirname, '../../../..');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

let built: Promise<string> | undefined;

/**
 * The operator's command as built (`node apps/server/dist/admin.js`, what the image runs), built
 * once per test worker into a directory of its own inside apps/server, where its npm dependencies
 * resolve; `npm run admin` runs the same sources through tsx, which compiled them again on every
 * run (seconds each on a busy machine).
 */
function builtCli(): Promise<string> {
  built ??= new Promise((done, fail) => {
    const outdir = join(repoRoot, 'apps/server/node_modules/.cache/omnia-admin-cli', String(process.pid));
    execFile(
      join(repoRoot, 'node_modules/.bin/node'),
      ['scripts/build-server.mjs', '--outdir', outdir],
      { cwd: repoRoot, timeout: 60_000 },
      (err, _stdout, stderr) => {
        if (err) return fail(new Error(`building the CLI failed: ${stderr}`));
        process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
        done(join(outdir, 'admin.js'));
      },
    );
  });
  return built;
}

/**
 * The operator's command with PATH, HOME, TMPDIR, NODE_ENV=test, LOG_LEVEL=silent and only the
 * variables given (an empty value is unset): as built by default, or `from: 'sources'` as
 * `npm run admin` runs it (`node --import tsx apps/server/src/cli/admin.ts`).
 */
export async function runAdminCli(
  args: string[],
  env: Record<string, string>,
  { from = 'build' }: { from?: 'build' | 'sources' } = {},
) {
  const entry =
    from === 'build'
      ? ['--enable-source-maps', await builtCli()]
      : ['--import', 'tsx', 'apps/server/src/cli/admin.ts'];
  return new Promise<CliResult>((done) => {
    execFile(
      join(repoRoot, 'node_modules/.bin/node'),
      [...entry, ...args],
      {
        cwd: repoRoot,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TMPDIR: process.env.TMPDIR,
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}
