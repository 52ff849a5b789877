import { CompiledQuery } from 'kysely';
import type { Db } from '../../../db/connect';
import {
  UPSERT_ISSUED,
  UPSERT_ISSUED_UNUSED,
  UPSERT_ONE,
  UPSERT_SIGNED_IN_SESSION,
  UPSERT_SUCCESSOR,
} from './write-statements';

/** One engine row as written: model, stored id, payload (JSON), grant, uid, account, client, expiry, Omnia session. */
export type UpsertParams = [
  model: string,
  id: string,
  payload: string,
  grantId: string | null,
  uid: string | null,
  accountId: string | null,
  clientId: string | null,
  expiresAt: Date | null,
  omniaSessionId: string | null,
];

/** The code or refresh token a request consumed (or, for a retry, the successor it answers with). */
export interface Consumed {
  model: string;
  id: string;
  unused?: boolean;
}

export interface ModelWrites {
  /** Writes one engine row (a token, a session, a grant, an interaction), replacing a stored one. */
  (params: UpsertParams): Promise<void>;
  /**
   * Writes a token issued for the code or refresh token `consumed`, only while that row is there;
   * false when it is not. `successor`: the new refresh token, sealed, recorded on `consumed` too.
   */
  issued(params: UpsertParams, consumed: Consumed, successor?: string): Promise<boolean>;
  /** Writes a signed-in engine session only while the Omnia session it is bound to is live; false when not. */
  signedIn(params: UpsertParams): Promise<boolean>;
}

const valuesOf = (params: UpsertParams) =>
  params.map((value) => (value instanceof Date ? value.toISOString() : value));

export function createModelWrites(db: Db): ModelWrites {
  const write = async (params: UpsertParams) => {
    await db.executeQuery(CompiledQuery.raw(UPSERT_ONE, valuesOf(params)));
  };
  return Object.assign(write, {
    async issued(params: UpsertParams, consumed: Consumed, successor?: string) {
      const values = [...valuesOf(params), consumed.model, consumed.id];
      const { rows } = await db.executeQuery(
        successor !== undefined
          ? CompiledQuery.raw(UPSERT_SUCCESSOR, [...values, successor])
          : CompiledQuery.raw(consumed.unused ? UPSERT_ISSUED_UNUSED : UPSERT_ISSUED, values),
      );
      return rows.length > 0;
    },
    async signedIn(params: UpsertParams) {
      const { rows } = await db.executeQuery(CompiledQuery.raw(UPSERT_SIGNED_IN_SESSION, valuesOf(params)));
      return rows.length > 0;
    },
  });
}
