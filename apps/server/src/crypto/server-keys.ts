import type { Kysely } from 'kysely';
import type { SecretBox } from './secret-box';
import type { CryptoTables } from './tables';

/**
 * Returns the named key, creating it on first use. Several instances starting together may each
 * generate one; `on conflict do nothing` keeps the first and everyone re-reads it.
 */
export async function getOrCreateServerKey(
  db: Kysely<CryptoTables>,
  box: SecretBox,
  name: string,
  generate: () => Promise<string>,
): Promise<string> {
  const existing = await db
    .selectFrom('server_keys')
    .select('ciphertext')
    .where('name', '=', name)
    .executeTakeFirst();
  if (existing) return openKey(box, name, existing.ciphertext);
  await db
    .insertInto('server_keys')
    .values({ name, ciphertext: box.seal(await generate()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_keys')
    .select('ciphertext')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return openKey(box, name, row.ciphertext);
}

/** A key sealed under another SECRET_KEY does not open: say so, rather than a bare cipher error. */
function openKey(box: SecretBox, name: string, sealed: string): string {
  try {
    return box.open(sealed);
  } catch (cause) {
    throw new Error(
      `server key '${name}' cannot be opened: SECRET_KEY is not the one this database was first started with (every instance must share it; see docs/operations.md)`,
      { cause },
    );
  }
}
