import { sql } from 'kysely';
import type { Db } from '../../../db/connect';
import { fairDueIds } from '../../../jobs/fair-claim';

/** What ended a sign-in, as a delivery records it (and the app's page shows). */
export type LogoutReason = 'session_ended' | 'rp_logout' | 'app_revoked' | 'account_deleted';

/** One sign-in that ended: the person (`sub`), and the session id the app got in its ID token. */
export interface EndedSignIn {
  clientId: string;
  sub: string;
  sid?: string | null;
}

export interface DueDelivery {
  id: string;
  client_id: string;
  /**
   * The app's back-channel logout URI now, which may have changed since the token was queued (a
   * lapsed domain, a removed member's server); null when the app has none any more.
   */
  uri: string | null;
  sub: string;
  sid: string | null;
  attempts: number;
  /**
   * Whether the app is on the FAPI 2.0 profile now (its ID tokens, and so its logout tokens, are
   * ES256); null when the app is gone.
   */
  fapi: boolean | null;
  /** The operator rejected the app since (it hears nothing more of the people who used it). */
  rejected: boolean;
}

/** oauth_logout_deliveries: the outbox of logout tokens, and what each delivery answered. */
export function createDeliveriesRepo(db: Db) {
  return {
    /**
     * Queues one logout token per ended sign-in whose app has a back-channel logout URI (read from
     * the clients module's rows in the same statement) and is not rejected (a rejected app is told
     * nothing more of the people who used it); how many were queued.
     */
    async enqueue(ended: readonly EndedSignIn[], reason: LogoutReason): Promise<number> {
      if (ended.length === 0) return 0;
      const result = await sql`
        insert into oauth_logout_deliveries (client_id, uri, sub, sid, reason)
        select c.client_id, c.backchannel_logout_uri, e.sub, e.sid, ${reason}
          from jsonb_to_recordset(${JSON.stringify(
            ended.map((e) => ({ client_id: e.clientId, sub: e.sub, sid: e.sid ?? null })),
          )}::jsonb) as e(client_id text, sub text, sid text)
          join oauth2_clients c on c.client_id = e.client_id
         where c.backchannel_logout_uri is not null and c.status <> 'rejected'`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
    /**
     * Records a logout token the engine sent itself (an RP-initiated logout): delivered, or
     * failed once and due again at once (Omnia's worker tries next, with its own checks).
     */
    async recordSent(sent: EndedSignIn & { error?: string }, reason: LogoutReason): Promise<void> {
      await sql`
        insert into oauth_logout_deliveries
          (client_id, uri, sub, sid, reason, attempts, delivered_at, last_status, last_error, next_attempt_at)
        select c.client_id, c.backchannel_logout_uri, ${sent.sub}, ${sent.sid ?? null}, ${reason}, 1,
               case when ${sent.error ?? null}::text is null then now() end,
               case when ${sent.error ?? null}::text is null then 200 end,
               ${sent.error ? 'the engine could not deliver it' : null}, now()
          from oauth2_clients c
         where c.client_id = ${sent.clientId} and c.backchannel_logout_uri is not null
           and c.status <> 'rejected'`.execute(db);
    },
    /** The session ids (`sid`) an app got in the person's live engine sessions. */
    async sidsOf(accountId: string, clientId: string): Promise<string[]> {
      const result = await sql<{ sid: string | null }>`
        select payload -> 'authorizations' -> ${clientId} ->> 'sid' as sid
          from oidc_models
         where model = 'Session' and account_id = ${accountId}
           and payload -> 'authorizations' ? ${clientId}`.execute(db);
      return result.rows.flatMap((r) => (r.sid ? [r.sid] : []));
    },
    /**
     * The app's sign-ins end in the person's engine sessions (revoked in Connected apps, once its
     * tokens are queued): a session ending later no longer names the app, which must not go on
     * hearing when the person signs out of Omnia.
     */
    async forgetSignInsTo(accountId: string, clientId: string): Promise<void> {
      await sql`
        update oidc_models set payload = payload #- array['authorizations', ${clientId}]::text[]
         where model = 'Session' and account_id = ${accountId}
           and payload -> 'authorizations' ? ${clientId}`.execute(db);
    },
    /** Claims due deliveries for `leaseSeconds` (other instances skip them), counting the attempt. */
    async claimDue(
      limit: number,
      leaseSeconds: number,
      fair: { perApp: number; busyApps: string[] },
    ): Promise<DueDelivery[]> {
      const result = await sql<DueDelivery>`
        update oauth_logout_deliveries
           set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
         where id in (${fairDueIds('oauth_logout_deliveries', limit, fair.perApp, fair.busyApps)})
        returning id, client_id, sub, sid, attempts,
          (select c.backchannel_logout_uri from oauth2_clients c
            where c.client_id = oauth_logout_deliveries.client_id) as uri,
          (select coalesce((c.security ->> 'fapi_2')::boolean, false) from oauth2_clients c
            where c.client_id = oauth_logout_deliveries.client_id) as fapi,
          coalesce((select c.status = 'rejected' from oauth2_clients c
            where c.client_id = oauth_logout_deliveries.client_id), false) as rejected`.execute(db);
      return result.rows;
    },
    async delivered(id: string, status: number): Promise<void> {
      await db
        .updateTable('oauth_logout_deliveries')
        .set({ delivered_at: sql<Date>`now()`, last_status: status, last_error: null })
        .where('id', '=', id)
        .execute();
    },
    async retry(id: string, status: number | null, error: string, delaySeconds: number): Promise<void> {
      await db
        .updateTable('oauth_logout_deliveries')
        .set({
          last_status: status,
          last_error: error,
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})`,
        })
        .where('id', '=', id)
        .execute();
    },
    async failed(id: string, status: number | null, error: string): Promise<void> {
      await db
        .updateTable('oauth_logout_deliveries')
        .set({ failed_at: sql<Date>`now()`, last_status: status, last_error: error })
        .where('id', '=', id)
        .execute();
    },
    /** An app's latest deliveries, newest first. */
    recent(clientId: string, limit: number) {
      return db
        .selectFrom('oauth_logout_deliveries')
        .select([
          'created_at',
          'reason',
          'sid',
          'attempts',
          'delivered_at',
          'failed_at',
          'next_attempt_at',
          'last_status',
          'last_error',
        ])
        .where('client_id', '=', clientId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type DeliveriesRepo = ReturnType<typeof createDeliveriesRepo>;

/** Deletes deliveries older than `days` (housekeeping); how many. */
export async function purgeLogoutDeliveries(db: Db, days: number): Promise<number> {
  const gone = await db
    .deleteFrom('oauth_logout_deliveries')
    .where('created_at', '<=', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
