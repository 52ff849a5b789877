import { domainToUnicode } from 'node:url';
import type { ClientError, OAuthClient } from '@omnia/contracts/developer';
import { webOriginsOf } from '@omnia/contracts/redirect-uris';
import type { Db } from '../../db/connect';
import { securityLog } from '../security';
import { createClientChanges, type StillManaged } from './changes';
import { createClientChangesRepo } from './changes-repo';
import { type HoldAccount, lockByClientId, lockManaged } from './lock-app';
import { createClientsRepo, type NewClientRow, toIso } from './repo';
import { type ClientFields, diff, reviewVersion } from './review';
import { queryClientDays, queryClientStats, recordUsage, usageEventsOf } from './usage-repo';

/**
 * What stands for an owner's will to delete their app: the name they typed in the console; a check
 * run in the deletion's transaction once the app is locked (a tool's registration access token,
 * which a concurrent 'Revoke the tool's access' or update may end); or the server itself, undoing
 * a registration it made.
 */
export type DeleteConsent = { typed: string } | { holds: StillManaged } | { server: true };

/**
 * The registered OAuth2 clients, for the modules that use them: the Developer Program (a user's
 * own clients), the operator (every client's status) and the OAuth consent screen (look-ups by
 * public client_id). Every write of oauth2_clients and of the usage tables is made here.
 */
/**
 * The operator's decision on an app, in its history with what it changed (its status, the publisher
 * the consent screen names), in the decision's transaction: recorded however the operator reached
 * the data (the server's /api/admin, or the command line straight to PostgreSQL).
 */
async function recordDecision(
  trx: Db,
  clientId: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  state: 'approved' | 'rejected',
) {
  const changed = diff(before, after);
  if (changed.fields.length) await createClientChangesRepo(trx).record({ clientId, ...changed, state });
}

export function createClientsService(deps: {
  db: Db;
  /** Writes this instance's buffered usage events, so a statistics read sees its own (usage.ts). */
  flushUsage: () => Promise<void>;
  /**
   * A client changed (after the commit): this process forgets it at once (cache.ts); the other
   * processes hear of it from PostgreSQL.
   */
  changed: (clientId: string) => void;
  /** An owned app's latest refusals by the OAuth endpoints (errors-repo.ts). */
  recentErrors: (userId: string, id: string) => Promise<ClientError[] | undefined>;
  /** Holds an owner's account before their app's row is locked (lock-app.ts). */
  hold: HoldAccount;
}) {
  const { db, changed } = deps;
  const repo = createClientsRepo(db);
  const changes = createClientChanges({ db, hold: deps.hold });
  /** Runs a write, then tells `changed` about the client it names. */
  const announce = async <T>(write: Promise<T>, clientIdOf: (result: T) => string | undefined) => {
    const result = await write;
    const clientId = clientIdOf(result);
    if (clientId) changed(clientId);
    return result;
  };
  return {
    register: (values: NewClientRow): Promise<OAuthClient> => repo.insertClient(values),
    listOwned: async (userId: string) => changes.attach(await repo.listClients(userId)),
    /** The apps' usage events that name the person (for 'Download your data'), this instance's too. */
    async usageOf(userId: string) {
      await deps.flushUsage();
      return usageEventsOf(db, userId);
    },
    async findOwned(userId: string, id: string): Promise<OAuthClient | undefined> {
      const client = await repo.findClient(userId, id);
      return client && (await changes.attach([client]))[0];
    },
    sealedSecretOf: (userId: string, id: string) => repo.findSealedSecret(userId, id),
    /** Who owns an app now, by its public client_id (dynamic registration acts as its owner). */
    async ownerOf(clientId: string): Promise<{ id: string; userId: string } | undefined> {
      const row = await repo.findByClientId(clientId);
      return row && { id: row.id, userId: row.user_id };
    },
    /** Whether an app (not rejected) has a redirect URI on this web origin (CORS preflights). */
    async isAppWebOrigin(origin: string): Promise<boolean> {
      const u = URL.parse(origin);
      if (!u || u.origin !== origin || !/^https?:$/.test(u.protocol)) return false;
      // The browser names an internationalised host in ASCII (xn--…); a developer registers it as
      // typed: either spelling of the host may be stored.
      const hosts = new Set([u.hostname, domainToUnicode(u.hostname)]);
      const uris = await Promise.all([...hosts].map((h) => repo.redirectUrisOnHost(`${u.protocol}//${h}`)));
      return webOriginsOf(uris.flat()).includes(origin);
    },
    newestClientId: (userId: string) => repo.newestClientId(userId),
    /** An owned app's history, newest first; undefined when not the caller's. */
    async history(userId: string, id: string) {
      const client = await repo.findClient(userId, id);
      return client && changes.history(client.client_id);
    },

    /**
     * Changes an owned app's details or settings (changes.ts: an approved app's new name, logo or
     * URIs wait for review); undefined when the app is not the caller's.
     */
    change: (
      userId: string,
      id: string,
      requested: Partial<ClientFields>,
      alongside: (trx: Db, client: OAuthClient) => Promise<unknown>,
      stillManaged?: StillManaged,
    ) =>
      announce(
        changes.change(userId, id, requested, alongside, stillManaged),
        (done) => done?.client.client_id,
      ),

    /** A change of the app that another module keeps (changes.ts alongside): seen as any other. */
    changeKeptElsewhere: changes.alongside,

    /**
     * Deletes an owned client, its usage history and, with `alongside`, every grant and token of
     * it, in one transaction, once `consent` (DeleteConsent) holds under the app's lock. 'mismatch'
     * when the typed name differs, undefined when the client is not the caller's or the check fails.
     */
    remove(
      userId: string,
      id: string,
      consent: DeleteConsent,
      alongside: (trx: Db, clientId: string) => Promise<unknown>,
    ) {
      const write = db.transaction().execute(async (trx) => {
        const clientsRepo = createClientsRepo(trx);
        const current = await lockManaged(trx, deps.hold, clientsRepo, userId, id);
        if (!current) return undefined;
        // A member sees the app, but deleting it is its owner's alone.
        if (current.user_id !== userId) return 'owner_only' as const;
        if ('typed' in consent && current.name.trim() !== consent.typed.trim()) return 'mismatch' as const;
        if ('holds' in consent && !(await consent.holds(trx, current.client_id))) return undefined;
        const row = await clientsRepo.deleteOwned(userId, id);
        if (!row) return undefined;
        await alongside(trx, row.client_id);
        await securityLog.record(trx, {
          userId,
          kind: 'client_deleted',
          detail: { app: row.name },
        });
        return row;
      });
      return announce(write, (row) => (typeof row === 'object' ? row.client_id : undefined));
    },

    /**
     * Replaces an owned client's sealed secret, records 'secret_rotated' and the owner's security
     * event, in one transaction; undefined when the client is not the caller's.
     */
    async rotateSecret(
      userId: string,
      id: string,
      sealed: string,
      graceSeconds: number,
    ): Promise<{ updated_at: string; previous_secret_expires_at: string | null } | undefined> {
      const write = db.transaction().execute(async (trx) => {
        // Locked in the order an account's deletion takes (lock-app.ts), as every write to an app.
        if (!(await lockManaged(trx, deps.hold, createClientsRepo(trx), userId, id))) return undefined;
        const row = await createClientsRepo(trx).replaceSecret(userId, id, sealed, graceSeconds);
        if (!row) return undefined;
        await recordUsage(trx, row.client_id, 'secret_rotated');
        await securityLog.record(trx, {
          userId,
          kind: 'client_secret_rotated',
          detail: { app: row.name, app_id: id },
        });
        const graceEnds = row.previous_secret_expires_at;
        return {
          updated_at: toIso(row.updated_at),
          previous_secret_expires_at: graceEnds ? toIso(graceEnds) : null,
          clientId: row.client_id,
        };
      });
      const rotated = await announce(write, (r) => r?.clientId);
      return (
        rotated && {
          updated_at: rotated.updated_at,
          previous_secret_expires_at: rotated.previous_secret_expires_at,
        }
      );
    },

    /**
     * After the cancel link: the apps the account registered, or whose keys changed, since then
     * are no longer its own registration (`created_by`): whoever held the account may hold their
     * key or secret. Changes asked for since then stop waiting for review.
     */
    async forgetSince(userId: string, since: Date): Promise<void> {
      const untrusted = await db
        .transaction()
        .execute(async (trx) => [
          ...(await createClientsRepo(trx).forgetTrustSince(userId, since)),
          ...(await createClientChangesRepo(trx).supersedeWaitingSince(userId, since)),
        ]);
      for (const clientId of new Set(untrusted)) changed(clientId);
    },
    /**
     * After the cancel link: where the account's apps send people and logout tokens, as it was
     * before then, where a change applied at once since then moved it. An app in testing mode's
     * redirect and post-logout URIs (an approved app's new ones waited for review, and stop
     * waiting), and any app's back-channel logout URI. By app id, for `change` as the owner.
     */
    async destinationsBefore(userId: string, since: Date): Promise<[string, Partial<ClientFields>][]> {
      const rows = await createClientChangesRepo(db).valuesBefore(userId, since, [
        'redirect_uris',
        'post_logout_redirect_uris',
        'backchannel_logout_uri',
      ]);
      const byApp = new Map<string, Partial<ClientFields>>();
      for (const { id, status, field, value } of rows) {
        const uris = Array.isArray(value) && value.every((v) => typeof v === 'string');
        if (field === 'backchannel_logout_uri' && (value === null || typeof value === 'string'))
          byApp.set(id, { ...byApp.get(id), backchannel_logout_uri: value });
        else if (field !== 'backchannel_logout_uri' && status === 'pending' && uris)
          byApp.set(id, { ...byApp.get(id), [field]: value as string[] });
      }
      return [...byApp];
    },
    /** The apps the account manages that gained a member or changed hands since then (ids). */
    sharedSince: (userId: string, since: Date) => repo.changedSince(userId, since, ['members', 'owner']),
    /** The apps the account manages whose webhook was set, changed or re-keyed since then (ids). */
    webhookChangedSince: (userId: string, since: Date) => repo.changedSince(userId, since, ['webhook']),
    /** The previous secret's end and last use, while it still works; undefined otherwise. */
    async previousSecretOf(userId: string, id: string) {
      // This instance's last uses are in the buffer (usage.ts) until written.
      await deps.flushUsage();
      const row = await repo.previousSecretOf(userId, id);
      if (!row?.expires_at) return undefined;
      return {
        expires_at: toIso(row.expires_at),
        last_used_at: row.last_used_at ? toIso(row.last_used_at) : null,
      };
    },

    /** 'Revoke old secret now': the previous secret stops working; undefined when none worked. */
    async revokePreviousSecret(userId: string, id: string): Promise<boolean> {
      const write = db.transaction().execute(async (trx) => {
        if (!(await lockManaged(trx, deps.hold, createClientsRepo(trx), userId, id))) return undefined;
        const row = await createClientsRepo(trx).dropPreviousSecret(userId, id);
        if (!row) return undefined;
        await securityLog.record(trx, {
          userId,
          kind: 'client_old_secret_revoked',
          detail: { app: row.name },
        });
        return row;
      });
      return Boolean(await announce(write, (r) => r?.client_id));
    },

    /** An owned app's latest refusals ('Recent errors'); undefined when it is not the caller's. */
    recentErrors: deps.recentErrors,

    /** A client's previous secret (sealed) while it still works: the engine accepts it too. */
    livePreviousSecret: (clientId: string) => repo.livePreviousSecret(clientId),

    /**
     * Counts, JSON byAction, dates and the last 30 days with their unique users of an owned client
     * (usage-repo.ts), or undefined.
     */
    async stats(userId: string, id: string) {
      await deps.flushUsage();
      const [row, days] = await Promise.all([
        queryClientStats(db, userId, id),
        queryClientDays(db, userId, id),
      ]);
      return (
        row &&
        days && {
          ...row,
          created_at: toIso(row.created_at),
          updated_at: toIso(row.updated_at),
          daily: days.days,
          users30Days: days.users,
        }
      );
    },

    listWithOwners: () => repo.listWithOwners(),
    findWithOwner: (clientId: string) => repo.findWithOwner(clientId),
    /**
     * The operator rejects the app: its row locked, `alongside` ends what the engine holds of it in
     * the same transaction (every grant and token: approved again, it asks for consent anew).
     */
    reject: (clientId: string, alongside: (trx: Db, clientId: string) => Promise<unknown>) =>
      announce(
        db.transaction().execute(async (trx) => {
          const clientsRepo = createClientsRepo(trx);
          const row = await lockByClientId(trx, deps.hold, clientsRepo, clientId);
          if (!row) return false;
          if (!(await clientsRepo.setStatus(clientId, 'rejected'))) return false;
          await recordDecision(trx, clientId, { status: row.status }, { status: 'rejected' }, 'rejected');
          await alongside(trx, clientId);
          return true;
        }),
        () => clientId,
      ),
    /**
     * The operator approves the app they reviewed (`version`, reviewVersion): its row locked, an
     * app changed since is not approved ('changed'); 'republished' when it was approved already
     * (its owner's name became its publisher); false when there is no such app, or it lacks its
     * links.
     */
    approveSeen: (clientId: string, version: string) =>
      announce(
        db.transaction().execute(async (trx) => {
          const clientsRepo = createClientsRepo(trx);
          const row = await lockByClientId(trx, deps.hold, clientsRepo, clientId);
          if (!row) return false;
          // 'Published by' becomes the owner's name as the operator saw it in the version.
          const publisher = await clientsRepo.ownerNameOf(row.user_id);
          if (reviewVersion({ ...row, publisher }) !== version) return 'changed' as const;
          // What the consent screen named until now: an approved app's publisher, else its owner.
          const shown = (await clientsRepo.publisherOf(clientId)) ?? null;
          if (!(await clientsRepo.setStatus(clientId, 'approved', publisher))) return false;
          const before = { status: row.status, publisher: shown };
          await recordDecision(trx, clientId, before, { status: 'approved', publisher }, 'approved');
          // Approved already: only its publisher was reviewed again.
          return row.status === 'approved' ? ('republished' as const) : true;
        }),
        (done) => (done === true || done === 'republished' ? clientId : undefined),
      ),
    /**
     * The operator approves or rejects one waiting change; its app's client_id, undefined, or
     * 'links_missing' (changes.ts).
     */
    decideChange: (changeId: string, approve: boolean) =>
      announce(changes.decide(changeId, approve), (id) => (id === 'links_missing' ? undefined : id)),
    /** What waits for review, by client_id (the operator's list). */
    pendingChanges: () => changes.pending(),

    findByClientId: (clientId: string) => repo.findByClientId(clientId),
    publisherOf: (clientId: string) => repo.publisherOf(clientId),
    /** Who put this redirect URI on the app (clients/changes-repo.ts); null when not one account. */
    redirectUriAddedBy: (clientId: string, uri: string) =>
      createClientChangesRepo(db).redirectUriAddedBy(clientId, uri),
    logosShownUnder: (prefix: string) => repo.logosShownUnder(prefix),
    summaries: (clientIds: readonly string[]) => repo.summaries(clientIds),
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
