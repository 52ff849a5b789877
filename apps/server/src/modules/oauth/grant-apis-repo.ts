import { canonicalIdentifier } from '@omnia/contracts/apis';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';

/* What one consent grant gives of developers' APIs (its `resources`, keyed as the app spelled them). */

/** A consent grant's API scopes by the spelling of `resource` it was given under; locked when asked. */
async function resourcesOf(db: Db, grantId: string, lock = false): Promise<Record<string, string>> {
  let query = db
    .selectFrom('oidc_models')
    .select(sql<Record<string, string> | null>`payload -> 'resources'`.as('resources'))
    .where('model', '=', 'Grant')
    .where('id', '=', grantId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst())?.resources ?? {};
}

/** The APIs a consent grant names (their canonical identifiers, sorted), read without a lock. */
export async function apisOfGrant(db: Db, grantId: string): Promise<string[]> {
  const keys = Object.keys(await resourcesOf(db, grantId)).flatMap((key) => canonicalIdentifier(key) ?? []);
  return [...new Set(keys)].sort();
}

/**
 * One consent grant keeps of each API it names only `keep`'s scopes (by canonical identifier; an
 * API not in it is left as it is), locked and written only when that changes something.
 */
export async function narrowGrantApis(db: Db, grantId: string, keep: ReadonlyMap<string, readonly string[]>) {
  const before = await resourcesOf(db, grantId, true);
  const after: Record<string, string> = {};
  for (const [key, granted] of Object.entries(before)) {
    const kept = keep.get(canonicalIdentifier(key) ?? '');
    const scopes = String(granted)
      .split(' ')
      .filter((s) => s && (kept === undefined || kept.includes(s)));
    if (scopes.length) after[key] = scopes.join(' ');
  }
  if (JSON.stringify(after) === JSON.stringify(before)) return;
  await sql`update oidc_models set payload = jsonb_set(payload, '{resources}', ${JSON.stringify(after)}::jsonb)
             where model = 'Grant' and id = ${grantId}`.execute(db);
}

/** The scopes of an API (its identifier, however the app spelled it) that a consent grant gives. */
export async function consentedApiScopes(db: Db, grantId: string, identifier: string): Promise<string[]> {
  const scopes = Object.entries(await resourcesOf(db, grantId))
    .filter(([key]) => canonicalIdentifier(key) === identifier)
    .flatMap(([, granted]) => String(granted).split(' '));
  return [...new Set(scopes.filter(Boolean))];
}
