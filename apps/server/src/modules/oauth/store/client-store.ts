import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { type Adapter, type AdapterPayload, Provider } from 'oidc-provider';
import type { SecretBox } from '../../../crypto/secret-box';
import type { Db } from '../../../db/connect';
import type { ClientCache } from '../../clients';
import { engineClientMetadata } from './client-metadata';
import { presentedClientSecret, sameSecret } from './presented-secret';
import { rowKey } from './request-rows';
import { FIND_CLIENT } from './statements';
import type { ClientRow, RequestRows } from './types';

/** Sealed secrets already opened, keyed by the sealed text (a rotation seals a new one). */
const OPENED_SECRETS_MAX = 1_000;

/**
 * Opens sealed secrets, keeping them. One sealed under another SECRET_KEY does not open: the app
 * is then given a secret nobody holds, so a request presenting any secret is `invalid_client`
 * (never a 500) and its other requests, the authorization endpoint's, still work; its owner
 * rotates the secret (docs/operations.md, rotating SECRET_KEY).
 */
function createOpenedSecrets(box: SecretBox) {
  const opened = new Map<string, string>();
  const openOrNobodys = (sealed: string): string => {
    try {
      return box.open(sealed);
    } catch {
      return randomBytes(32).toString('base64url');
    }
  };
  return (sealed: string): string => {
    let secret = opened.get(sealed);
    if (secret === undefined) {
      secret = openOrNobodys(sealed);
      if (opened.size >= OPENED_SECRETS_MAX) opened.clear();
      opened.set(sealed, secret);
    }
    return secret;
  };
}

/** What the engine takes from a client row, to tell whether two reads of it differ. */
const clientState = (row: ClientRow) =>
  JSON.stringify([
    row.status,
    row.client_secret,
    row.name,
    row.user_id,
    row.require_pkce,
    row.require_two_step,
    row.app_type,
    row.backchannel_logout_uri,
    row.security,
    row.redirect_uris,
    row.allowed_scopes,
    row.post_logout_redirect_uris,
  ]);

/**
 * The engine's Client model, read from oauth2_clients. A rejected client does not exist for the
 * engine (invalid_client everywhere); a pending one exists so its owner can test it, and the
 * consent step refuses everyone else. The secret is unsealed here: the engine compares it in
 * constant time. During a rotation's grace period a request that presents the previous secret is
 * given the client with that one, so both work.
 */
export function createClientStore(
  db: Db,
  box: SecretBox,
  requestRows: RequestRows,
  cache: ClientCache,
  /** The sealed previous secret of a client while its grace period lasts (the clients module). */
  previousSecretOf: (clientId: string) => Promise<string | undefined>,
): Adapter {
  const readOnly = async () => {
    throw new Error('clients are managed by the Developer API');
  };
  const open = createOpenedSecrets(box);
  /** The secret to hand the engine: the current one, or the previous one when that was presented. */
  const secretFor = async (clientId: string, current: string): Promise<string> => {
    const presented = presentedClientSecret(Provider.ctx, clientId);
    if (!presented || sameSecret(presented, current)) return current;
    const sealed = await previousSecretOf(clientId);
    if (!sealed) return current;
    const previous = open(sealed);
    if (!sameSecret(presented, previous)) return current;
    requestRows.hints().previousSecretUsed = true;
    return previous;
  };
  const freshen = (clientId: string, current: ClientRow | null) => {
    const kept = cache.peek<ClientRow>(clientId);
    if (kept && (!current || clientState(kept) !== clientState(current))) cache.forget(clientId);
  };
  return {
    async find(clientId): Promise<AdapterPayload | undefined> {
      // Longer ids are never issued; PostgreSQL text holds no NUL.
      if (clientId.length > 200 || clientId.includes('\u0000')) return undefined;
      // Read with the request's token (reads.ts), else kept per process until PostgreSQL announces
      // a change (client-cache.ts): a rotated secret or a rejection counts on every instance
      // within milliseconds of its commit.
      const readWithToken = requestRows.take<ClientRow>(rowKey('Client', clientId));
      // A row read with this request's token is the database's as of now: when the kept one
      // differs (changed by a statement of another instance whose announcement is on its way),
      // the kept one goes at once, so this process's next request reads the client again.
      if (readWithToken !== undefined) freshen(clientId, readWithToken);
      const row =
        readWithToken !== undefined
          ? readWithToken
          : await cache.load(clientId, async () => {
              const { rows } = await db.executeQuery<ClientRow>(CompiledQuery.raw(FIND_CLIENT, [clientId]));
              return rows[0];
            });
      if (!row || row.status === 'rejected') return undefined;
      // A pending client is in testing mode: at the authorization and logout endpoints it exists
      // for its developer only, so nobody else is ever sent to its (unreviewed) URIs.
      const hints = requestRows.hints();
      if (
        row.status !== 'approved' &&
        hints.ownerOnlyPending &&
        hints.browserSession?.userId !== row.user_id
      ) {
        hints.hiddenPendingClient = true;
        return undefined;
      }
      const secret =
        row.client_secret === null ? undefined : await secretFor(clientId, open(row.client_secret));
      return engineClientMetadata(row, secret);
    },
    upsert: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: async () => {},
  };
}
