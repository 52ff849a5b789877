import {
  type ApiCreatedResponse,
  type ApiScope,
  type ApiSecretResponse,
  type allowAppSchema,
  type ConsentApi,
  canonicalIdentifier,
  type createApiSchema,
  type DeveloperApi,
  type updateApiSchema,
} from '@omnia/contracts/apis';
import type { MessageKey } from '@omnia/contracts/messages';
import type { z } from 'zod';
import { hashToken, safeEqual } from '../../crypto/tokens';
import type { Db } from '../../db/connect';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import { isUuid } from '../../ids';
import { generateApiCredentialId, generateApiSecret } from './credentials';
import { onApiBudget } from './limits';
import { onOurHost, onSuiteHost } from './our-host';
import { type AccessRow, type ApiRow, createApisRepo } from './repo';

type CreateApi = z.output<typeof createApiSchema>;
type UpdateApi = z.output<typeof updateApiSchema>;
type AllowApp = z.output<typeof allowAppSchema>;

/** An app as the API registry needs to know it (the clients module's, passed in). */
export interface AppOfClientId {
  user_id: string;
  /**
   * Who registered it in the console, while it never changed hands nor had a member (null once it
   * did; null from the start for an app a tool registered with an initial access token).
   */
  created_by: string | null;
  name: string;
  status: string;
}

/**
 * The API owner's own app, which may ask for every scope unlisted: one they registered in the
 * console, that never changed hands and never had a member. Anyone else who was its owner or
 * member, or the tool that registered it, may know its secret.
 */
const ownApp = (app: Pick<AppOfClientId, 'user_id' | 'created_by'>, apiOwner: string) =>
  app.user_id === apiOwner && app.created_by === apiOwner;

/** What an app may get of an API: the API, and the scopes allowed to it (its owner's apps: all). */
export interface ResourceGrant {
  api: { id: string; name: string; identifier: string; scopes: ApiScope[] };
  scopes: string[];
}

const PRINTABLE_ID = /^[\x21-\x7e]{1,200}$/;

function requireUuid(id: string): void {
  if (!isUuid(id)) throw new AppError('not_found');
}
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError('not_found');
  return value;
}
function refuse(field: string, key: MessageKey): never {
  throw new AppError('validation_failed', { messageKey: key, fields: { [field]: key } });
}

/**
 * Developers' APIs: their registration by their owners, who may call them, and the look-ups the
 * OAuth engine makes (which API a `resource` names, what an app may get of it, an API's
 * introspection credentials).
 */
export function createApisService(deps: {
  db: Db;
  publicUrl: string;
  /** The suite's services' addresses: tokens for their hosts would look like the suite's own. */
  suiteAddresses: () => Promise<string[]>;
  appOf: (clientId: string) => Promise<AppOfClientId | undefined>;
  /** People's consents keep only these of the API's scopes (of one app, or all); in `trx`. */
  narrowGrants: (trx: Db, identifier: string, keep: readonly string[], clientId?: string) => Promise<void>;
}) {
  const { db } = deps;
  const repo = createApisRepo(db);

  async function view(rows: ApiRow[]): Promise<DeveloperApi[]> {
    const access = await repo.accessOf(rows.map((r) => r.id));
    const byApi = new Map<string, AccessRow[]>();
    for (const row of access) byApi.set(row.api_id, [...(byApi.get(row.api_id) ?? []), row]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      identifier: row.identifier,
      scopes: row.scopes,
      credential_id: row.credential_id,
      access: (byApi.get(row.id) ?? []).map((a) => ({
        client_id: a.client_id,
        app_name: a.app_name,
        scopes: a.scopes,
      })),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    }));
  }
  const viewOne = async (row: ApiRow) => (await view([row]))[0] as DeveloperApi;

  async function owned(userId: string, id: string): Promise<ApiRow> {
    requireUuid(id);
    return found(await repo.findOwned(userId, id));
  }

  /** What the app may get of the API; undefined when it may not ask for it. */
  async function grantFor(api: ApiRow, clientId: string): Promise<ResourceGrant | undefined> {
    const app = await deps.appOf(clientId);
    if (!app || app.status === 'rejected') return undefined;
    const all = api.scopes.map((s) => s.name);
    const scopes = ownApp(app, api.user_id)
      ? all
      : (await repo.allowedScopes(api.id, clientId))?.filter((s) => all.includes(s));
    if (!scopes) return undefined;
    return { api: { id: api.id, name: api.name, identifier: api.identifier, scopes: api.scopes }, scopes };
  }

  /** The API a `resource` names, however its host's case or an empty path is written. */
  async function resourceFor(identifier: string, clientId: string): Promise<ResourceGrant | undefined> {
    const canonical = canonicalIdentifier(identifier);
    const api = canonical === undefined ? undefined : await repo.byIdentifier(canonical);
    return api && grantFor(api, clientId);
  }

  return {
    list: async (userId: string) => view(await repo.listOwned(userId)),
    get: async (userId: string, id: string) => viewOne(await owned(userId, id)),

    /** Registers an API; its introspection secret is returned this once. */
    async create(userId: string, input: CreateApi): Promise<ApiCreatedResponse> {
      // Tokens for Omnia's own host would look like Omnia's to whoever reads them: no API takes it.
      if (onOurHost(input.identifier, deps.publicUrl)) refuse('identifier', 'apiIdentifierOurs');
      // Nor the suite's services' hosts, or theirs below them (api.cloudbliss.app).
      if (onSuiteHost(input.identifier, await deps.suiteAddresses()))
        refuse('identifier', 'apiIdentifierSuite');
      const secret = generateApiSecret();
      const row = await onApiBudget(db, userId, async () => {
        try {
          return await repo.insert({
            user_id: userId,
            name: input.name,
            identifier: input.identifier,
            scopes: input.scopes,
            credential_id: generateApiCredentialId(),
            credential_secret_hash: hashToken(secret),
          });
        } catch (err) {
          // A taken identifier keeps its unit: the answer tells whether an identifier (often an
          // internal address) is registered, so the day's budget bounds how often one asks.
          if (isUniqueViolation(err)) return undefined;
          throw err;
        }
      });
      if (!row) refuse('identifier', 'apiIdentifierTaken');
      return { api: await viewOne(row), credential_secret: secret };
    },
    /**
     * A new name and scopes. A scope taken away leaves every app's allowance at once, and the
     * engine no longer puts it in a token (it asks getResourceServerInfo on every token). A scope
     * whose words changed leaves people's consents too: they agreed to the old words, and are
     * asked again.
     */
    async update(userId: string, id: string, input: UpdateApi): Promise<DeveloperApi> {
      requireUuid(id);
      const row = await db.transaction().execute(async (trx) => {
        const repo = createApisRepo(trx);
        const before = await repo.scopesForUpdate(userId, id);
        if (!before) return undefined;
        const wordsBefore = new Map(before.map((s) => [s.name, s.description]));
        const updated = await repo.update(userId, id, input.name, input.scopes);
        if (updated)
          await deps.narrowGrants(
            trx,
            updated.identifier,
            input.scopes
              .filter((s) => (wordsBefore.get(s.name) ?? s.description) === s.description)
              .map((s) => s.name),
          );
        return updated;
      });
      return viewOne(found(row));
    },
    async remove(userId: string, id: string, confirm: string): Promise<void> {
      const api = await owned(userId, id);
      if (confirm.trim() !== api.name) refuse('confirm', 'apiDeleteConfirmMismatch');
      await db.transaction().execute(async (trx) => {
        if (await createApisRepo(trx).remove(userId, id)) await deps.narrowGrants(trx, api.identifier, []);
      });
    },
    /**
     * The APIs of an account being deleted, in its transaction: each goes with people's consents
     * to it, so an identifier registered again by someone else asks people again.
     */
    async removeAllOf(trx: Db, userId: string): Promise<void> {
      const repo = createApisRepo(trx);
      await repo.lockInOrder(userId);
      for (const api of await repo.listOwned(userId))
        if (await repo.remove(userId, api.id)) await deps.narrowGrants(trx, api.identifier, []);
    },
    /**
     * The apps the account's APIs allowed since then are no longer allowed, and the consents people
     * gave them to these APIs go, in the caller's transaction (the cancel link).
     */
    async removeAccessSince(trx: Db, userId: string, since: Date): Promise<void> {
      await createApisRepo(trx).lockInOrder(userId);
      for (const { identifier, client_id } of await createApisRepo(trx).removeAccessSince(userId, since))
        await deps.narrowGrants(trx, identifier, [], client_id);
    },
    /** A new introspection secret; the old one stops at once. */
    async rotate(userId: string, id: string): Promise<ApiSecretResponse> {
      requireUuid(id);
      const secret = generateApiSecret();
      if (!(await repo.replaceSecret(userId, id, hashToken(secret)))) throw new AppError('not_found');
      return { credential_secret: secret };
    },
    /** Allows another developer's app to ask for the API, with some of its scopes. */
    async allow(userId: string, id: string, input: AllowApp): Promise<DeveloperApi> {
      const api = await owned(userId, id);
      const app = await deps.appOf(input.client_id);
      if (!app) refuse('client_id', 'apiAppUnknown');
      if (ownApp(app, userId)) refuse('client_id', 'apiAppOwn');
      const names = new Set(api.scopes.map((s) => s.name));
      if (!input.scopes.every((s) => names.has(s))) refuse('scopes', 'apiAccessScopeUnknown');
      const scopes = [...new Set(input.scopes)];
      await db.transaction().execute(async (trx) => {
        // The API first, as an edit takes it: a consent being saved waits (consent-apis.ts).
        await createApisRepo(trx).lockInOrder(userId, [api.id]);
        await createApisRepo(trx).upsertAccess(api.id, input.client_id, scopes);
        await deps.narrowGrants(trx, api.identifier, scopes, input.client_id);
      });
      return viewOne(api);
    },
    async disallow(userId: string, id: string, clientId: string): Promise<DeveloperApi> {
      const api = await owned(userId, id);
      // A Client ID is printable ASCII: anything else names no app (and PostgreSQL refuses NUL).
      if (!PRINTABLE_ID.test(clientId)) throw new AppError('not_found');
      // The owner's own apps keep their consents: they may call the API without a listing.
      const app = await deps.appOf(clientId);
      await db.transaction().execute(async (trx) => {
        await createApisRepo(trx).lockInOrder(userId, [api.id]);
        await createApisRepo(trx).removeAccess(api.id, clientId);
        if (!app || !ownApp(app, userId)) await deps.narrowGrants(trx, api.identifier, [], clientId);
      });
      return viewOne(api);
    },

    /** The engine's question (RFC 8707): what this app may get of the API with this identifier. */
    resourceFor,
    /** What the consent screen lists for these resources: each API's name and the scopes asked of it. */
    async consentApis(identifiers: readonly string[], clientId: string, asked: readonly string[]) {
      const apis: (ConsentApi & { granted: string[] })[] = [];
      for (const identifier of identifiers) {
        const grant = await resourceFor(identifier, clientId);
        if (!grant) continue;
        const granted = grant.scopes.filter((s) => asked.includes(s));
        apis.push({
          name: grant.api.name,
          identifier,
          scopes: grant.api.scopes.filter((s) => granted.includes(s.name)),
          granted,
        });
      }
      return apis;
    },
    /** An API a person's consent names, with the consented scopes in its developer's words. */
    async describe(identifier: string, scopes: readonly string[]): Promise<ConsentApi | undefined> {
      const canonical = canonicalIdentifier(identifier);
      const api = canonical === undefined ? undefined : await repo.byIdentifier(canonical);
      if (!api) return undefined;
      return {
        name: api.name,
        identifier: api.identifier,
        scopes: api.scopes.filter((s) => scopes.includes(s.name)),
      };
    },
    /** The API whose introspection credentials these are, or undefined (compared in constant time). */
    async byCredentials(credentialId: string, secret: string) {
      const row = await repo.byCredential(credentialId);
      const presented = hashToken(secret);
      // A missing API costs the same comparison as a wrong secret.
      const ok = safeEqual(presented, row?.credential_secret_hash ?? hashToken(''));
      return row && ok
        ? { ok: true as const, api: { id: row.id, identifier: row.identifier } }
        : { ok: false as const, known: row !== undefined };
    },
    /**
     * The scopes (with their words) `app` may get now of an API, by its canonical identifier, its
     * row held for share in `trx`: an owner's edit, deletion, allow or disallow under way is waited
     * for. None for a gone API.
     */
    async scopesHeld(
      trx: Db,
      identifier: string,
      app: Pick<AppOfClientId, 'user_id' | 'created_by'> & { client_id: string },
    ): Promise<ApiScope[]> {
      const repo = createApisRepo(trx);
      const api = await repo.held(identifier);
      if (!api) return [];
      if (ownApp(app, api.user_id)) return api.scopes;
      const allowed = (await repo.allowedScopes(api.id, app.client_id)) ?? [];
      return api.scopes.filter((s) => allowed.includes(s.name));
    },
    /** The scopes the app may still get of the API (introspection of a token issued before a change). */
    async allowedScopes(identifier: string, clientId: string): Promise<string[] | undefined> {
      return (await resourceFor(identifier, clientId))?.scopes;
    },
  };
}
export type ApisService = ReturnType<typeof createApisService>;
