import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  opts: { name?: string; createdAt?: Date } = {},
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
