import { namedStatement } from '../../../db/named-statements';

/*
 * The engine's writes to oidc_models, written out whole and named once as its reads are
 * (statements.ts says why): a row's upsert, single use, first sight, the tokens a consumed code or
 * refresh token issues, and revocation by grant or family.
 */
/*
 * An authorization code starts a refresh-token family of its own, so that a reuse revokes that
 * family only, not the app's tokens on every device (docs/security.md). A family is not a row: its
 * id is the consent grant's id, FAMILY_SEPARATOR and a random part (model-store.ts), and every code
 * and token of it stores the consent grant's id in family_of, which this derives from the id.
 * Reads give a family the consent grant's payload under the family's id (relatedOf).
 * Engine ids are base64url, so the separator never occurs in a consent grant's id.
 */
export const FAMILY_SEPARATOR = '~';
const familyOf = (grantId: string) =>
  `case when strpos(${grantId}, '${FAMILY_SEPARATOR}') > 0 then split_part(${grantId}, '${FAMILY_SEPARATOR}', 1) end`;

const INSERT_COLUMNS = `insert into oidc_models (model, id, payload, grant_id, uid, account_id,
    client_id, expires_at, omnia_session_id, family_of)`;
/** $1..$9 in the order of UpsertParams (writes.ts); text throughout, cast here, so both drivers pass them alike. */
const ROW_VALUES = `$1, $2, $3::jsonb, $4, $5, $6, $7, $8::timestamptz, $9::uuid, ${familyOf('$4::text')}`;
/**
 * A row written again replaces the stored one; a family once known is kept, and so is a uid (a
 * device code saved again without its user code keeps its look-up, device-codes.ts).
 */
const ON_CONFLICT_UPDATE = `on conflict (model, id) do update set payload = excluded.payload,
    grant_id = excluded.grant_id, uid = coalesce(excluded.uid, oidc_models.uid), account_id = excluded.account_id,
    client_id = excluded.client_id, expires_at = excluded.expires_at,
    omnia_session_id = excluded.omnia_session_id,
    family_of = coalesce(excluded.family_of, oidc_models.family_of)`;

/** One row (a token, a session, a grant, an interaction). */
export const UPSERT_ONE = namedStatement(
  'oauth_upsert_model',
  `${INSERT_COLUMNS} values (${ROW_VALUES}) ${ON_CONFLICT_UPDATE}`,
);

/*
 * A signed-in engine session, bound to the browser's Omnia session ($9): written only while that
 * session is live and of its account ($6). The Omnia session's row is read for share, so a
 * sign-out ending it at this moment waits for this write and then finds the engine session to end
 * (engine-sessions-repo.ts), or this write waits for the sign-out and writes nothing.
 */
export const UPSERT_SIGNED_IN_SESSION = namedStatement(
  'oauth_upsert_signed_in_session',
  `${INSERT_COLUMNS}
  select ${ROW_VALUES}
  where exists (select 1 from sessions where id = $9::uuid and user_id::text = $6
    and revoked_at is null and expires_at > now() for share)
  ${ON_CONFLICT_UPDATE}
  returning id`,
);

/*
 * Single use is one conditional update: of two requests presenting the same code or refresh token
 * (on any instance), exactly one gets its row back (model-store.ts).
 */
export const CONSUME = namedStatement(
  'oauth_consume',
  `update oidc_models set consumed_at = now()
  where model = $1 and id = $2 and consumed_at is null returning id`,
);

/*
 * The first sight of a one-time proof (a DPoP proof, a client assertion: the engine's
 * ReplayDetection, keyed by a hash of its issuer and jti) is one conditional insert: of two
 * requests presenting it (on any instance), exactly one gets its row back. A row past its expiry
 * is taken over. The engine's own save then writes the proof's exact expiry.
 */
export const FIRST_SIGHT = namedStatement(
  'oauth_first_sight',
  `insert into oidc_models (model, id, payload, expires_at)
  values ('ReplayDetection', $1, '{}'::jsonb, now() + interval '1 hour')
  on conflict (model, id) do update set payload = excluded.payload, expires_at = excluded.expires_at
    where oidc_models.expires_at <= now()
  returning id`,
);

/*
 * A token issued by the request that consumed a code or refresh token ($10, $11): written only
 * while that row is still there, under a share lock on it. The request that lost the race deletes
 * the grant's rows, that row first (REVOKE_GRANT, twice): a write that waits for that delete finds
 * nothing and writes nothing; a write that held the lock first is committed before the delete
 * goes on, and the second delete, a statement of its own, sees and removes it.
 */
export const UPSERT_ISSUED = namedStatement(
  'oauth_upsert_issued',
  `${INSERT_COLUMNS}
  select ${ROW_VALUES}
  where exists (select 1 from oidc_models where model = $10 and id = $11 for share)
  ${ON_CONFLICT_UPDATE}
  returning id`,
);

/**
 * The same for a retried refresh (refresh-retries.ts): written only while the successor it answers
 * with ($11) is still unused; once the app has moved on with it, the retry gets nothing. A FAPI
 * app's refresh, which rotates nothing, writes so too, under the token it presented.
 */
export const UPSERT_ISSUED_UNUSED = namedStatement(
  'oauth_upsert_issued_unused',
  `${INSERT_COLUMNS}
  select ${ROW_VALUES}
  where exists (select 1 from oidc_models where model = $10 and id = $11 and consumed_at is null for share)
  ${ON_CONFLICT_UPDATE}
  returning id`,
);

/**
 * A rotation's new refresh token, written as UPSERT_ISSUED writes it and, in the same statement,
 * recorded (sealed, $12) on the token it replaces ($11), for a retry within the window
 * (refresh-retries.ts): the successor is there exactly when the record of it is.
 */
export const UPSERT_SUCCESSOR = namedStatement(
  'oauth_upsert_successor',
  `with issued as (
    ${INSERT_COLUMNS}
    select ${ROW_VALUES}
    where exists (select 1 from oidc_models where model = $10 and id = $11 for share)
    ${ON_CONFLICT_UPDATE}
    returning id
  ), recorded as (
    update oidc_models set successor = $12
    where model = $10 and id = $11 and exists (select 1 from issued)
  )
  select id from issued`,
);

/**
 * A code or refresh token presented twice: every code and token of its grant (or family), and a
 * grant row of that id (RFC 6749 §4.1.2, RFC 9700 §4.14).
 */
export const REVOKE_GRANT = namedStatement(
  'oauth_revoke_grant',
  `delete from oidc_models where grant_id = $1 or (model = 'Grant' and id = $1)`,
);
/**
 * Revoking a grant: its codes and tokens; for a consent grant, every family cut from it too (and
 * the grant rows and tokens of families written as rows before families were ids).
 */
export const REVOKE_BY_GRANT = namedStatement(
  'oauth_revoke_grant_and_families',
  `delete from oidc_models where grant_id = $1 or family_of = $1
    or grant_id = any(array(select id from oidc_models where model = 'Grant' and family_of = $1))`,
);
export const DESTROY_GRANT = namedStatement(
  'oauth_destroy_grant',
  `delete from oidc_models where model = 'Grant' and (id = $1 or family_of = $1)`,
);
