import type { Account } from 'oidc-provider';
import type { Db } from '../../db/connect';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A relative storage URL becomes absolute for relying parties. */
export function absoluteUrl(publicUrl: string, url: string | null): string | undefined {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

/**
 * The engine's findAccount: the user's documented claims (SPEC §7): sub, email, email_verified,
 * name, preferred_username, picture. The engine filters them by the granted scopes.
 */
export function createAccountFinder(db: Db, publicUrl: string) {
  return async (accountId: string): Promise<Account | undefined> => {
    if (!UUID.test(accountId)) return undefined;
    const row = await db
      .selectFrom('users')
      .leftJoin('profiles', 'profiles.id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.email_confirmed_at',
        'profiles.full_name',
        'profiles.username',
        'profiles.avatar_url',
      ])
      .where('users.id', '=', accountId)
      .executeTakeFirst();
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
