import type { WebhookDeliveryType } from '@omnia/contracts/webhooks';
import type { Db } from '../../db/connect';
import { createWebhookDeliveriesRepo } from './deliveries-repo';
import { ABOUT_A_PERSON } from './person-events';

/** The claims `user.updated` may name, and the scope that gives each to an app. */
const CLAIM_SCOPES = {
  name: 'profile',
  preferred_username: 'profile',
  picture: 'profile',
  email: 'email',
} as const;
export type ChangedClaim = keyof typeof CLAIM_SCOPES;

/** An app a person granted, and the scopes they granted it. */
export interface GrantedApp {
  clientId: string;
  scopes: string[];
}

/** Holds apps for a transaction: the client_ids still there, without rejected ones if so asked. */
export type HoldApps = (
  trx: Db,
  clientIds: readonly string[],
  which?: { rejected?: boolean },
) => Promise<string[]>;

/**
 * What apps hear through their webhooks: each happening queues one event per app concerned that
 * subscribed to it, in the transaction of the change where there is one (`db` is then that
 * transaction), and wakes the worker. Events say what happened and to whom (`sub`), never a
 * profile's values: an app reads those from userinfo with its own tokens and scopes.
 */
export function createWebhookEvents(deps: {
  db: Db;
  kick: () => void;
  /** The apps a person has a live consent with, and their scopes (the oauth module), read in `db`. */
  appsOfPerson: (db: Db, userId: string) => Promise<GrantedApp[]>;
  /** Holds apps for a transaction, the client_ids still there (the clients module). */
  holdApps: HoldApps;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  // Each app whose webhook takes the event is held before the event is written: one deleted at the
  // same moment is left out (it has no webhook left to call) instead of failing the change the event
  // reports. Only those: holding every app a person used would make their account's deletion, which
  // deletes their own apps, wait on apps that have nothing to hear, in an order that can deadlock.
  const queue = async (trx: Db, clientIds: readonly string[], type: WebhookDeliveryType, data: object) => {
    const deliveries = createWebhookDeliveriesRepo(trx);
    const listening = await deliveries.subscribed(clientIds, type);
    const held = await deps.holdApps(trx, listening, { rejected: !ABOUT_A_PERSON.has(type) });
    return deliveries.enqueue(held, type, data, now());
  };
  const emit = async (db: Db, clientIds: readonly string[], type: WebhookDeliveryType, data: object) => {
    if (clientIds.length === 0) return 0;
    const queued = db.isTransaction
      ? await queue(db, clientIds, type, data)
      : await db.transaction().execute((trx) => queue(trx, clientIds, type, data));
    if (queued > 0) deps.kick();
    return queued;
  };
  return {
    /** Wakes the worker (a delivery queued again). */
    kick: deps.kick,
    /** The person's profile or email changed (after it is stored, or in `db`, its transaction). */
    async userUpdated(userId: string, changed: readonly ChangedClaim[], db: Db = deps.db): Promise<void> {
      if (changed.length === 0) return;
      // Each app hears only of the claims its scopes give it (no email change for a profile-only app).
      const byClaims = new Map<string, { claims: ChangedClaim[]; apps: string[] }>();
      for (const app of await deps.appsOfPerson(db, userId)) {
        const claims = changed.filter((c) => app.scopes.includes(CLAIM_SCOPES[c]));
        if (claims.length === 0) continue;
        const key = claims.join(' ');
        const group = byClaims.get(key) ?? { claims, apps: [] };
        group.apps.push(app.clientId);
        byClaims.set(key, group);
      }
      for (const { claims, apps } of byClaims.values())
        await emit(db, apps, 'user.updated', { sub: userId, changed: claims });
    },
    /** The account is being deleted (inside that transaction, before its grants go). */
    async userDeleting(trx: Db, userId: string): Promise<void> {
      const apps = (await deps.appsOfPerson(trx, userId)).map((a) => a.clientId);
      await emit(trx, apps, 'user.deleted', { sub: userId });
    },
    /** The person revoked the app in Connected apps (inside that transaction). */
    async grantRevoked(trx: Db, userId: string, clientId: string): Promise<void> {
      await emit(trx, [clientId], 'grant.revoked', { sub: userId });
    },
    /**
     * The operator decided on the app (app.approved, app.rejected) or on a waiting change of it
     * (app.changes_reviewed, with the decision).
     */
    async appReviewed(
      clientId: string,
      decision: 'approve' | 'reject',
      subject: 'app' | 'change',
    ): Promise<void> {
      const outcome = decision === 'approve' ? 'approved' : 'rejected';
      if (subject === 'app') await emit(deps.db, [clientId], `app.${outcome}`, { client_id: clientId });
      else
        await emit(deps.db, [clientId], 'app.changes_reviewed', { client_id: clientId, decision: outcome });
    },
    /** The developer's 'Send test event': a `ping` (in `db`, a transaction); whether the app has a webhook. */
    ping: async (clientId: string, db: Db = deps.db): Promise<boolean> =>
      (await emit(db, [clientId], 'ping', { client_id: clientId })) > 0,
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
