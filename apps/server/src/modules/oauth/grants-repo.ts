import { canonicalIdentifier } from '@omnia/contracts/apis';
import { ACR } from '@omnia/contracts/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import { API_ACCESS_TOKEN_MODEL } from './store';

/**
 * The live grant that records a user's consent to a client, if any (remembered consent; newest
 * first). The grants cut from it for each authorization code (store/) are not consent.
 */
export async function findGrantId(db: Db, accountId: string, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .where('family_of', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
  return row?.id;
}

/** A user's live consent grants: the client of each and its payload (scopes, since when). */
export function listConsentGrants(db: Db, accountId: string) {
  return db
    .selectFrom('oidc_models')
    .select(['client_id', 'payload'])
    .where('model', '=', 'Grant')
    .where('family_of', 'is', null)
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .execute();
}

/**
 * Removes the user's grants to a client (the consent grants, and the families cut from them that
 * are rows, which all carry the account and client) and every code and token issued from them,
 * families' included (their family_of names the consent grant); returns how many grants went.
 * Takes a Db or a transaction.
 */
export async function deleteGrants(db: Db, accountId: string, clientId: string): Promise<number> {
  const grants = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .execute();
  const ids = grants.map((g) => g.id);
  if (!ids.length) return 0;
  // Twice, as a lost race does (store/model-store.ts, revokeTwice): a token being issued holds a
  // share lock on what it consumed, commits before the first delete passes, and the second sees it.
  for (let pass = 0; pass < 2; pass++)
    await db
      .deleteFrom('oidc_models')
      .where((eb) => eb.or([eb('grant_id', 'in', ids), eb('family_of', 'in', ids)]))
      .execute();
  await db.deleteFrom('oidc_models').where('model', '=', 'Grant').where('id', 'in', ids).execute();
  return ids.length;
}

/** The ids of grants to end and of the grants cut from them (families), both of one client. */
async function withFamilies(db: Db, clientId: string, consentIds: string[]): Promise<string[]> {
  if (!consentIds.length) return [];
  const families = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('client_id', '=', clientId)
    .where('family_of', 'in', consentIds)
    .execute();
  return [...consentIds, ...families.map((f) => f.id)];
}

/**
 * Deletes the grants and every code and token issued from them or from a family of one of them
 * (family_of); how many grants went.
 */
async function deleteGrantIds(db: Db, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  await db
    .deleteFrom('oidc_models')
    .where((eb) => eb.or([eb('grant_id', 'in', ids), eb('family_of', 'in', ids)]))
    .execute();
  await db.deleteFrom('oidc_models').where('model', '=', 'Grant').where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * An app's scopes were narrowed: every consent that covers a scope no longer allowed ends, with
 * its families, codes and tokens (the person is asked again next time). Takes a transaction.
 */
export async function endGrantsBeyondScopes(
  db: Db,
  clientId: string,
  allowed: readonly string[],
): Promise<number> {
  const keep = ['openid', ...allowed];
  const consents = await db
    .selectFrom('oidc_models')
    .select('id')
    .where('model', '=', 'Grant')
    .where('client_id', '=', clientId)
    .where('family_of', 'is', null)
    .where(
      sql<boolean>`exists (select 1 from unnest(string_to_array(coalesce(payload->'openid'->>'scope', ''), ' ')) s
        where s <> '' and s <> all(${sql.val(keep)}::text[]))`,
    )
    .execute();
  return deleteGrantIds(
    db,
    await withFamilies(
      db,
      clientId,
      consents.map((c) => c.id),
    ),
  );
}

/**
 * The app now asks for two factors ('Require two-step verification'): its sign-ins made with one
 * end, each family with its codes and tokens, so its people sign in again with two; their consents
 * stay. A refresh keeps the sign-in's own `acr` (OpenID Connect Core 12.2), so a one-factor sign-in
 * would otherwise go on for as long as it is refreshed. Takes a transaction; how many went.
 */
export async function endOneFactorSignIns(db: Db, clientId: string): Promise<number> {
  const oneFactor = await db
    .selectFrom('oidc_models')
    .select('grant_id')
    .distinct()
    .where('client_id', '=', clientId)
    .where('model', 'in', ['RefreshToken', 'AuthorizationCode', 'DeviceCode'])
    .where('grant_id', 'is not', null)
    .where(sql<boolean>`payload->>'acr' is distinct from ${ACR.twoStep}`)
    .execute();
  const ids = oneFactor.flatMap((row) => (row.grant_id ? [row.grant_id] : []));
  if (!ids.length) return 0;
  // Twice, for a token being issued at this moment (deleteGrants says why). A family that is a row
  // goes with its tokens; the consent it was cut from stays.
  for (let pass = 0; pass < 2; pass++)
    await db.deleteFrom('oidc_models').where('grant_id', 'in', ids).where('model', '<>', 'Grant').execute();
  await db
    .deleteFrom('oidc_models')
    .where('model', '=', 'Grant')
    .where('id', 'in', ids)
    .where('family_of', 'is not', null)
    .execute();
  return ids.length;
}

/**
 * The apps a person has a live consent with, and the scopes each was granted (webhooks: who hears
 * what of the person).
 */
export async function appScopesGrantedBy(
  db: Db,
  accountId: string,
): Promise<{ clientId: string; scopes: string[] }[]> {
  const byApp = new Map<string, Set<string>>();
  for (const { client_id, payload } of await listConsentGrants(db, accountId)) {
    if (!client_id) continue;
    const scope = (payload as { openid?: { scope?: unknown } }).openid?.scope;
    const scopes = byApp.get(client_id) ?? new Set<string>();
    for (const s of typeof scope === 'string' ? scope.split(' ') : []) if (s) scopes.add(s);
    byApp.set(client_id, scopes);
  }
  return [...byApp].map(([clientId, scopes]) => ({ clientId, scopes: [...scopes] }));
}

/** The apps a person has a grant with (back-channel logout: who hears the account went). */
export async function appsGrantedBy(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('oidc_models')
    .select('client_id')
    .distinct()
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId)
    .where('client_id', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.client_id ? [r.client_id] : []));
}

/** An app was deleted: every grant of it, and every code and token issued to it, goes. */
export async function endClientGrants(db: Db, clientId: string): Promise<void> {
  // Twice, for a token being issued at this moment (deleteGrants says why).
  for (let pass = 0; pass < 2; pass++)
    await db.deleteFrom('oidc_models').where('client_id', '=', clientId).execute();
}

/** An account was deleted: every grant it gave, and every code and token issued for it, goes. */
export async function endAccountGrants(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('oidc_models').where('account_id', '=', accountId).execute();
}

/**
 * The spellings of an API's identifier that consents were given under: the `resource` as each app
 * sent it (a host in capitals, a missing '/'), every one naming the same API.
 */
async function spellingsOf(db: Db, identifier: string, clientId?: string): Promise<string[]> {
  const { rows } = await sql<{ key: string }>`
    select distinct r.key
      from oidc_models m, jsonb_object_keys(m.payload -> 'resources') as r(key)
     where m.model = 'Grant' and jsonb_typeof(m.payload -> 'resources') = 'object'
       and (${clientId ?? null}::text is null or m.client_id = ${clientId ?? null})`.execute(db);
  return rows.map((r) => r.key).filter((key) => canonicalIdentifier(key) === identifier);
}

/**
 * An API's scopes that consents keep (all of them, or one app's), under every spelling of its
 * identifier: a scope its owner took away, or an API deleted, leaves every person's grant, so
 * giving it back (or registering the identifier again) asks people again instead of reviving an
 * old consent under new words.
 */
export async function narrowApiGrants(
  db: Db,
  identifier: string,
  keep: readonly string[],
  clientId?: string,
): Promise<void> {
  for (const spelling of new Set([identifier, ...(await spellingsOf(db, identifier, clientId))]))
    await sql`
    update oidc_models as m
       set payload = case when k.kept = '' then m.payload #- array['resources', ${spelling}]
                          else jsonb_set(m.payload, array['resources', ${spelling}], to_jsonb(k.kept)) end
      from (select id,
                   array_to_string(array(
                     select unnest(string_to_array(payload -> 'resources' ->> ${spelling}, ' '))
                     intersect select unnest(${[...keep]}::text[])), ' ') as kept
              from oidc_models
             where model = 'Grant'
               and payload -> 'resources' ->> ${spelling} is not null
               and (${clientId ?? null}::text is null or client_id = ${clientId ?? null})) as k
     where m.model = 'Grant' and m.id = k.id`.execute(db);
}

/**
 * An RP-initiated logout, or the Omnia sign-in behind that engine session ended: the apps' codes
 * and tokens issued through it end, except those of a grant with offline_access, which the app
 * asked to keep working without the person, and a device's (a TV's sign-in was only approved from
 * this session: it is the device's own, as the engine's device flow has it, and outlives it).
 */
export async function endSessionTokens(
  db: Db,
  sessionUid: string,
  clientIds: readonly string[],
): Promise<void> {
  if (!sessionUid || clientIds.length === 0) return;
  // Twice, for a token being issued at this moment (deleteGrants says why).
  for (let pass = 0; pass < 2; pass++)
    await sql`
    delete from oidc_models
     where model in ('AccessToken', ${API_ACCESS_TOKEN_MODEL}, 'RefreshToken', 'AuthorizationCode')
       and client_id = any(${[...clientIds]}::text[])
       and payload ->> 'sessionUid' = ${sessionUid}
       and not (coalesce(payload ->> 'scope', '') ~ '(^| )offline_access( |$)')
       and not (coalesce(payload ->> 'gty', '') ~ '(^| )device_code( |$)')`.execute(db);
}
