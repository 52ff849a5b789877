import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../db/migrated-pglite';
import { createSecretBox } from './secret-box';
import { getOrCreateServerKey } from './server-keys';
import type { CryptoTables } from './tables';

let db: Kysely<CryptoTables>;
beforeAll(async () => {
  // The whole schema, as the server has it (a fresh initdb in WebAssembly took seconds longer).
  ({ db } = await openMigratedPglite());
});
afterAll(async () => {
  await db?.destroy();
});

describe('getOrCreateServerKey', () => {
  it('creates one key even when several callers race, and stores it encrypted', async () => {
    const box = createSecretBox('s'.repeat(48), 'server-keys');
    let n = 0;
    const generate = async () => `key-${++n}`;
    const keys = await Promise.all([1, 2, 3, 4].map(() => getOrCreateServerKey(db, box, 'k', generate)));
    expect(new Set(keys).size).toBe(1);
    const rows = await db.selectFrom('server_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ciphertext).not.toContain('key-');
    expect(await getOrCreateServerKey(db, box, 'k', generate)).toBe(keys[0]);
  });

  it('says SECRET_KEY differs when a stored key does not open', async () => {
    const box = createSecretBox('a'.repeat(48), 'server-keys');
    await getOrCreateServerKey(db, box, 'other', async () => 'value');
    const wrong = createSecretBox('b'.repeat(48), 'server-keys');
    await expect(getOrCreateServerKey(db, wrong, 'other', async () => 'new')).rejects.toThrow(
      /server key 'other' cannot be opened: SECRET_KEY is not the one/,
    );
  });
});
