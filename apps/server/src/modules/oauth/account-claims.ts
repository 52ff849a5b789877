import { CompiledQuery } from 'kysely';
import type { Account } from 'oidc-provider';
import type { Db } from '../../db/connect';
import { preparedSql } from '../../db/prepared';
import { type RequestRows, rowKey } from './request-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Written once rather than built per call: it runs on every userinfo and token request. */
const FIND_ACCOUNT = preparedSql(
  'oauth_find_account',
  `select u.id, u.email, u.email_confirmed_at, p.full_name, p.username, p.avatar_url
  from users u left join profiles p on p.id = u.id where u.id = $1`,
);

export interface AccountRow {
  id: string;
  email: string;
  email_confirmed_at: Date | string | null;
  full_name: string | null;
  username: string | null;
  avatar_url: string | null;
}

/** A relative storage URL becomes absolute for relying parties. */
export function absoluteUrl(publicUrl: string, url: string | null): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The engine's findAccount: the user's documented claims (SPEC §7): sub, email, email_verified,
 * name, preferred_username, picture. The engine filters them by the granted scopes.
 */
export function createAccountFinder(db: Db, publicUrl: string, requestRows: RequestRows) {
  return async (accountId: string): Promise<Account | undefined> => {
    if (!UUID.test(accountId)) return undefined;
    // Read with the request's token when there is one (token-rows.ts).
    const row = await requestRows.takeOr(rowKey('Account', accountId), async () => {
      const { rows } = await db.executeQuery<AccountRow>(CompiledQuery.raw(FIND_ACCOUNT, [accountId]));
      return rows[0];
    });
    if (!row) return undefined;
    return {
      accountId: row.id,
      claims: () => ({
        sub: row.id,
        email: row.email,
        email_verified: row.email_confirmed_at !== null,
        name: row.full_name ?? undefined,
        preferred_username: row.username ?? undefined,
        picture: absoluteUrl(publicUrl, row.avatar_url),
      }),
    };
  };
}
