import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../crypto/secret-box';
import { openMigratedPglite } from '../../../db/migrated-pglite';
import type { Database } from '../../../db/schema';
import { createClientCache } from '../../clients/cache';
import { createClientStore } from './client-store';
import { createDeviceCodeSealer } from './device-codes';
import { createModelStore } from './model-store';
import { createSessionReads, createTokenReads } from './reads';
import { createRefreshRetries } from './refresh-retries';
import { createRequestRows } from './request-rows';
import { createModelWrites } from './writes';

// A client changed by a statement of another instance, before its announcement arrives here.

let pglite: PGlite;
let db: Kysely<Database>;
beforeAll(async () => {
  ({ pglite, db } = await openMigratedPglite());
});
afterAll(async () => {
  await pglite?.close();
});

const SECRET_KEY = 'client-store-test-secret-key-0123456789abcdef';
const rows = createRequestRows();

async function setup() {
  // Listening, and no announcement ever arrives: only what the store itself notices counts.
  const cache = createClientCache(async (_channel, handlers) => {
    handlers.live(true);
    return { close: async () => {} };
  });
  await cache.start();
  const box = createSecretBox(SECRET_KEY, 'client-secret');
  const clients = createClientStore(db, box, rows, cache, async () => undefined);
  const reads = { tokens: createTokenReads(db), sessions: createSessionReads(db) };
  const writes = createModelWrites(db);
  const accessTokens = createModelStore(
    db,
    'AccessToken',
    rows,
    reads,
    writes,
    createDeviceCodeSealer(SECRET_KEY),
    createRefreshRetries(db, rows),
  );
  const [user] = await db
    .insertInto('users')
    .values({ email: `${crypto.randomUUID()}@example.com`, password_hash: 'x' })
    .returning('id')
    .execute();
  const clientId = `omnia_${crypto.randomUUID()}`;
  await db
    .insertInto('oauth2_clients')
    .values({
      user_id: user?.id ?? '',
      name: 'App',
      client_id: clientId,
      client_secret: box.seal('s3cret'),
      redirect_uris: ['https://app.example/cb'],
      allowed_scopes: ['profile'],
      status: 'approved',
    })
    .execute();
  const token = `at-${crypto.randomUUID()}`;
  await accessTokens.upsert(token, { clientId, accountId: user?.id, kind: 'AccessToken' }, 3600);
  // What userinfo does: the token, then its client, in one engine request.
  const userinfo = () =>
    rows.run(async () => {
      await accessTokens.find(token);
      return clients.find(clientId);
    });
  return { cache, clients, clientId, userinfo };
}

describe('the engine client store and the client cache', () => {
  it('a client read with a token and unchanged keeps its cached row', async () => {
    const { cache, clients, clientId, userinfo } = await setup();
    expect(await clients.find(clientId)).toMatchObject({ client_id: clientId, client_secret: 's3cret' });
    expect(cache.peek(clientId)).toBeDefined();
    expect(await userinfo()).toMatchObject({ client_id: clientId });
    expect(cache.peek(clientId)).toBeDefined();
  });

  it('a client rejected by another instance: the row read with a token refuses it and drops the cached one', async () => {
    const { cache, clients, clientId, userinfo } = await setup();
    expect(await clients.find(clientId)).toBeDefined();
    await db
      .updateTable('oauth2_clients')
      .set({ status: 'rejected' })
      .where('client_id', '=', clientId)
      .execute();
    // No announcement: the cache still has the approved row.
    expect(await clients.find(clientId)).toBeDefined();
    expect(await userinfo()).toBeUndefined();
    expect(cache.peek(clientId)).toBeUndefined();
    // So this process's next request, a token request authenticating the client, reads it again.
    expect(await clients.find(clientId)).toBeUndefined();
  });

  it('a rotated secret or a deleted client seen with a token drops the cached row as well', async () => {
    const rotated = await setup();
    await rotated.clients.find(rotated.clientId);
    const box = createSecretBox(SECRET_KEY, 'client-secret');
    await db
      .updateTable('oauth2_clients')
      .set({ client_secret: box.seal('rotated') })
      .where('client_id', '=', rotated.clientId)
      .execute();
    await rotated.userinfo();
    expect(await rotated.clients.find(rotated.clientId)).toMatchObject({ client_secret: 'rotated' });

    const deleted = await setup();
    await deleted.clients.find(deleted.clientId);
    await db.deleteFrom('oauth2_clients').where('client_id', '=', deleted.clientId).execute();
    expect(await deleted.userinfo()).toBeUndefined();
    expect(deleted.cache.peek(deleted.clientId)).toBeUndefined();
  });
});
