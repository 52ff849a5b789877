import { CLIENT_ERRORS_KEPT_DAYS, CLIENT_ERRORS_SHOWN, type ClientError } from '@omnia/contracts/developer';
import { sql } from 'kysely';
import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { createClientsRepo, toIso } from './repo';

/** A refusal as the OAuth module reports it. */
export interface ClientErrorEntry {
  endpoint: string;
  error: string;
  description?: string | null;
}

/**
 * At most this many refusals of one app are written a minute: the client_id is public, so anyone
 * can make requests fail in its name; past the cap the list keeps what it has.
 */
const RECORDED_PER_MINUTE = 30;
const FIELD_MAX = 300;

const clip = (text: string) => (text.length > FIELD_MAX ? `${text.slice(0, FIELD_MAX - 1)}…` : text);

/**
 * An app's recent refusals (oauth2_client_errors), its repository: the OAuth module records what its endpoints
 * answered an app's requests with, and the app's page lists the latest ('Recent errors').
 */
export function createClientErrors(db: Db, logger: Logger) {
  return {
    /** Records one refusal; never fails or delays the request that caused it. */
    record(clientId: string, entry: ClientErrorEntry): void {
      const values = {
        client_id: clientId,
        endpoint: clip(entry.endpoint),
        error: clip(entry.error),
        description: entry.description ? clip(entry.description) : null,
      };
      sql`insert into oauth2_client_errors (client_id, endpoint, error, description)
        select ${values.client_id}, ${values.endpoint}, ${values.error}, ${values.description}
        where (select count(*) from oauth2_client_errors
          where client_id = ${clientId} and created_at > now() - interval '1 minute') < ${RECORDED_PER_MINUTE}`
        .execute(db)
        .catch((err: unknown) => logger.warn({ err, client_id: clientId }, 'client error not recorded'));
    },
    /** The latest refusals of an app the caller manages, newest first; undefined for anyone else's. */
    async recent(userId: string, id: string): Promise<ClientError[] | undefined> {
      const owned = await createClientsRepo(db).findClient(userId, id);
      if (!owned) return undefined;
      const rows = await db
        .selectFrom('oauth2_client_errors')
        .select(['created_at', 'endpoint', 'error', 'description'])
        .where('client_id', '=', owned.client_id)
        .where('created_at', '>', sql<Date>`now() - make_interval(days => ${CLIENT_ERRORS_KEPT_DAYS})`)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(CLIENT_ERRORS_SHOWN)
        .execute();
      return rows.map(({ created_at, ...rest }) => ({ at: toIso(created_at), ...rest }));
    },
  };
}

/** Deletes refusals older than the week they are kept (housekeeping); how many. */
export async function purgeClientErrors(db: Db): Promise<number> {
  const gone = await db
    .deleteFrom('oauth2_client_errors')
    .where('created_at', '<=', sql<Date>`now() - make_interval(days => ${CLIENT_ERRORS_KEPT_DAYS})`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}
