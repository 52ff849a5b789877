import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Who manages an app: its owner, and the members the owner added (members.ts). Every query of the
 * Developer Program on one app is scoped by it, except deleting the app, which is the owner's.
 */
export function managedBy(userId: string) {
  return (eb: ExpressionBuilder<Database, 'oauth2_clients'>) =>
    eb.or([
      eb('oauth2_clients.user_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('oauth2_client_members as m')
          .select(sql<number>`1`.as('one'))
          .whereRef('m.client_id', '=', 'oauth2_clients.client_id')
          .where('m.user_id', '=', userId),
      ),
    ]);
}

/** managedBy in raw SQL, for statements on oauth2_clients written as text. */
export const managedBySql = (userId: string) =>
  sql`(oauth2_clients.user_id = ${userId} or exists (
        select 1 from oauth2_client_members m
         where m.client_id = oauth2_clients.client_id and m.user_id = ${userId}))`;
