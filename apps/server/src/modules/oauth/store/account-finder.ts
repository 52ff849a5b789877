import { CompiledQuery } from 'kysely';
import type { Account } from 'oidc-provider';
import type { Db } from '../../../db/connect';
import { isUuid } from '../../../ids';
import { isUndeliverable } from '../../mail';
import { absoluteUrl } from '../absolute-url';
import { rowKey } from './request-rows';
import { FIND_ACCOUNT } from './statements';
import type { AccountRow, RequestRows } from './types';

/**
 * The engine's findAccount: the user's documented claims (SPEC §7): sub, email, email_verified,
 * name, preferred_username, picture. The engine filters them by the granted scopes.
 */
export function createAccountFinder(db: Db, publicUrl: string, requestRows: RequestRows) {
  return async (accountId: string): Promise<Account | undefined> => {
    if (!isUuid(accountId)) return undefined;
    // Read with the request's token when there is one (reads.ts).
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
        // An address no mail reaches (an account parked by a cancelled change) is nobody's proven one.
        email_verified: row.email_confirmed_at !== null && !isUndeliverable(row.email),
        name: row.full_name ?? undefined,
        preferred_username: row.username ?? undefined,
        picture: absoluteUrl(publicUrl, row.avatar_url),
      }),
    };
  };
}
