import {
  APP_LINK_FIELDS,
  type ClientChange,
  type OAuthClient,
  type PendingClientChange,
} from '@omnia/contracts/developer';
import type { Db } from '../../db/connect';
import { isUuid } from '../../ids';
import { notify } from '../notifications';
import { securityLog } from '../security';
import { type ClientChangeRow, createClientChangesRepo } from './changes-repo';
import { type HoldAccount, lockByClientId, lockManaged } from './lock-app';
import { createClientsRepo, toIso } from './repo';
import { type ClientFields, diff, type Held, splitChange } from './review';

const HISTORY_LIMIT = 50;

/**
 * Whether whoever acts still manages the app, asked under its lock (an RFC 7592 registration access
 * token that a revocation or a rotation may have ended meanwhile): false changes nothing.
 */
export type StillManaged = (trx: Db, clientId: string) => Promise<boolean>;

/** What of an app other modules keep, recorded in its history under this field's name. */
export type KeptElsewhere = 'webhook' | 'registration';
/** What such a change did: its result, and the values before and after, for the history. */
export interface ChangedElsewhere<T> {
  result: T;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

const fieldsOf = (c: OAuthClient): ClientFields => ({
  name: c.name,
  description: c.description,
  logo_url: c.logo_url,
  redirect_uris: c.redirect_uris,
  allowed_scopes: c.allowed_scopes,
  require_pkce: c.require_pkce,
  post_logout_redirect_uris: c.post_logout_redirect_uris,
  require_two_step: c.require_two_step,
  backchannel_logout_uri: c.backchannel_logout_uri,
  security: c.security,
  homepage_url: c.homepage_url,
  privacy_url: c.privacy_url,
  terms_url: c.terms_url,
});

const pendingOf = (row: ClientChangeRow): PendingClientChange => ({
  ...(row.after as Held),
  requested_at: toIso(row.created_at),
});

/** A logo file nobody shows any more (replaced, removed, or a waiting one given up). */
const unusedLogos = (candidates: (string | null | undefined)[], kept: ClientFields, held: Held) =>
  candidates.filter(
    (url): url is string => typeof url === 'string' && url !== kept.logo_url && url !== held.logo_url,
  );

/**
 * An app's changes (review.ts): what its owner changes is applied or held for review, every change
 * is recorded in the app's history, and the owner is told in the same transaction.
 */
export function createClientChanges(deps: { db: Db; hold: HoldAccount }) {
  const { db, hold } = deps;

  return {
    /**
     * Changes an owned app: what gives it no new reach applies now; an approved app's new name, logo
     * or URIs wait for review (a new request replaces what waited). `alongside` runs in the same
     * transaction with the app as it now works (grants beyond its scopes end). Returns the app and
     * the logo files no longer shown; undefined when the app is not the caller's, or when
     * `stillManaged` says the caller no longer manages it.
     */
    async change(
      userId: string,
      id: string,
      requested: Partial<ClientFields>,
      alongside: (trx: Db, client: OAuthClient) => Promise<unknown>,
      stillManaged?: StillManaged,
    ): Promise<{ client: OAuthClient; unusedLogos: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const clients = createClientsRepo(trx);
        const row = await lockManaged(trx, hold, clients, userId, id);
        if (!row || (stillManaged && !(await stillManaged(trx, row.client_id)))) return undefined;
        const changes = createClientChangesRepo(trx);
        const waiting = await changes.pendingOf(row.client_id);
        const current = fieldsOf(row);
        const { live, held } = splitChange(
          current,
          requested,
          (waiting?.after ?? {}) as Held,
          // A rejected app was reviewed too: approved again, it must not bring unreviewed values.
          row.status !== 'pending',
        );
        const applied = diff(current, live);
        const client = applied.fields.length
          ? await clients.writeFields(row.id, applied.after as Partial<ClientFields>)
          : row;
        if (applied.fields.length)
          await changes.record({
            clientId: row.client_id,
            ...applied,
            state: 'applied',
            requestedBy: [userId],
          });
        const heldFields = Object.keys(held) as (keyof Held)[];
        const renewed = JSON.stringify(waiting?.after ?? {}) !== JSON.stringify(held);
        if (renewed) {
          if (waiting) await changes.decide(waiting.id, 'superseded');
          if (heldFields.length) {
            const before = Object.fromEntries(heldFields.map((f) => [f, current[f]]));
            await changes.record({
              clientId: row.client_id,
              fields: heldFields,
              before,
              after: held,
              state: 'pending',
              // What still waits of the earlier request stays that account's too.
              requestedBy: [...(waiting?.requested_by ?? []), userId],
            });
          }
        }
        await alongside(trx, client);
        if (applied.fields.length || (renewed && heldFields.length)) {
          await securityLog.record(trx, {
            userId,
            kind: 'client_updated',
            detail: { app: current.name },
          });
          await notify(trx, row.user_id, {
            kind: 'app_changed',
            data: { app: current.name, review: heldFields.length ? 1 : 0 },
          });
        }
        const pending = heldFields.length ? ((await changes.pendingOf(row.client_id)) ?? null) : null;
        return {
          client: { ...client, pending_change: pending && pendingOf(pending) },
          unusedLogos: unusedLogos(
            [current.logo_url, (waiting?.after as Held | undefined)?.logo_url],
            live,
            held,
          ),
        };
      });
    },

    /**
     * The operator's decision on one waiting change, named by its id (what `clients list` showed:
     * a change the owner replaced since is no longer waiting, so nothing unseen is approved):
     * approved, the app takes the values (every instance at once); rejected, it keeps its
     * reviewed ones. Its owner is told. The app's client_id, undefined when that change does not
     * wait, or 'links_missing' for an approval that would leave an approved app without a link
     * (it stays waiting: the operator rejects it, or its owner asks again).
     */
    async decide(changeId: string, approve: boolean): Promise<string | 'links_missing' | undefined> {
      return db.transaction().execute(async (trx) => {
        const changes = createClientChangesRepo(trx);
        const named = await changes.appOfPending(changeId);
        const clients = createClientsRepo(trx);
        // The app's row first, then the change, as an edit locks them: never each waiting on the other.
        const row = named && (await lockByClientId(trx, hold, clients, named));
        // The app's row locked, the change is read again: replaced meanwhile, it no longer waits.
        const waiting = row && (await changes.pendingOf(row.client_id));
        if (!row || !waiting || waiting.id !== changeId) return undefined;
        const proposed = waiting.after as Held;
        if (approve && row.status === 'approved' && APP_LINK_FIELDS.some((f) => proposed[f] === null))
          return 'links_missing';
        if (approve) await clients.writeFields(row.id, proposed);
        await changes.decide(waiting.id, approve ? 'approved' : 'rejected');
        await notify(trx, row.user_id, {
          kind: 'app_change_decided',
          data: { app: approve && proposed.name ? proposed.name : row.name, approved: approve ? 1 : 0 },
        });
        // A logo given up here stays in storage until its owner's account goes (admin has no storage).
        return row.client_id;
      });
    },

    /**
     * A change of a managed app that another module keeps (its webhook), made by `work` once the app
     * is locked as every write to it is (lock-app.ts), in the same transaction: it is in the app's
     * history, the caller's security activity, and a notice to the owner, as any other change
     * (none when `before` and `after` are the same). Undefined when the app is not the caller's or
     * `work` found nothing to change.
     */
    async alongside<T>(
      userId: string,
      id: string,
      field: KeptElsewhere,
      work: (trx: Db, clientId: string) => Promise<ChangedElsewhere<T> | undefined>,
    ): Promise<T | undefined> {
      // An id that is no app's id is nobody's app (and no query of a uuid column).
      if (!isUuid(id)) return undefined;
      return db.transaction().execute(async (trx) => {
        const row = await lockManaged(trx, hold, createClientsRepo(trx), userId, id);
        if (!row) return undefined;
        const done = await work(trx, row.client_id);
        if (!done) return undefined;
        const { before, after } = done;
        // Saved as it was (the same webhook again): nothing to tell anyone.
        if (JSON.stringify(before) === JSON.stringify(after)) return done.result;
        await createClientChangesRepo(trx).record({
          clientId: row.client_id,
          fields: [field],
          before,
          after,
          state: 'applied',
        });
        await securityLog.record(trx, { userId, kind: 'client_updated', detail: { app: row.name } });
        await notify(trx, row.user_id, { kind: 'app_changed', data: { app: row.name, review: 0 } });
        return done.result;
      });
    },

    /** The changes waiting for review, by client_id (of these apps, or of every app). */
    async pending(
      clientIds?: readonly string[],
    ): Promise<Map<string, { id: string; change: PendingClientChange; before: Held }>> {
      const rows = await createClientChangesRepo(db).pendingAmong(clientIds);
      return new Map(
        rows.map((r) => [r.client_id, { id: r.id, change: pendingOf(r), before: r.before as Held }]),
      );
    },

    /** Clients with what waits for their review. */
    async attach(clients: OAuthClient[]): Promise<OAuthClient[]> {
      const pending = await this.pending(clients.map((c) => c.client_id));
      return clients.map((c) => ({ ...c, pending_change: pending.get(c.client_id)?.change ?? null }));
    },

    async history(clientId: string): Promise<ClientChange[]> {
      const rows = await createClientChangesRepo(db).history(clientId, HISTORY_LIMIT);
      return rows.map((r) => ({
        fields: r.fields,
        state: r.state,
        created_at: toIso(r.created_at),
        decided_at: r.decided_at ? toIso(r.decided_at) : null,
      }));
    },
  };
}
