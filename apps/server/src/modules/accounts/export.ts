import { PRODUCT_NAME } from '@omnia/contracts';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { securityLog } from '../security';
import { createEmailChangeRepo } from './email-change-repo';
import { createAccountsRepo } from './repo';
import { createSessionsRepo } from './sessions-repo';

/**
 * 'Download your data': everything stored about the person, as one JSON document. The accounts
 * module's own rows are read here (the account, its changes of address, sessions, sign-ins); what other modules hold comes from `collect` (the composition
 * gathers it through their public services: profile, preferences, interests, claims, authorized
 * apps, their own apps without secrets, second factors without secrets, registration tokens
 * without their value, the avatar). The download
 * is recorded in the security activity.
 */
export function createDataExport(deps: {
  db: Db;
  collect: (userId: string) => Promise<Record<string, unknown>>;
}) {
  const { db } = deps;
  return {
    async export(userId: string, ip: string | null) {
      const user = await createAccountsRepo(db).findUserById(userId);
      if (!user) throw new AppError('unauthenticated');
      const sessions = createSessionsRepo(db);
      const changes = createEmailChangeRepo(db);
      const pending = (await changes.pendingOf(userId)) ?? null;
      const iso = (at: Date | string | null) => (at ? new Date(at).toISOString() : null);
      const document = {
        format: `${PRODUCT_NAME} account export, version 1`,
        exported_at: new Date().toISOString(),
        account: {
          id: user.id,
          email: user.email,
          email_confirmed_at: user.email_confirmed_at
            ? new Date(user.email_confirmed_at).toISOString()
            : null,
          created_at: new Date(user.created_at).toISOString(),
        },
        // A change of address asked for and not yet confirmed: the new address is stored too.
        pending_email_change: pending && {
          new_email: pending.new_email,
          requested_at: new Date(pending.created_at).toISOString(),
          expires_at: new Date(pending.expires_at).toISOString(),
        },
        // Every change of address still kept (a week), with both addresses: confirmed, cancelled
        // or neither yet.
        email_changes: (await changes.kept(userId)).map((c) => ({
          old_email: c.old_email,
          new_email: c.new_email,
          requested_at: iso(c.created_at),
          confirmed_at: iso(c.confirmed_at),
          cancelled_at: iso(c.cancelled_at),
        })),
        ...(await deps.collect(userId)),
        sessions: (await sessions.listActiveSessions(userId)).map((s) => ({
          ...s,
          created_at: new Date(s.created_at).toISOString(),
          last_active_at: new Date(s.last_active_at).toISOString(),
        })),
        sign_ins: await sessions.listSessionLogs(userId, 10_000),
        security_activity: (await securityLog.all(db, userId)).map((e) => ({
          ...e,
          created_at: new Date(e.created_at).toISOString(),
        })),
      };
      await securityLog.record(db, { userId, kind: 'data_exported', ip });
      return document;
    },
  };
}
