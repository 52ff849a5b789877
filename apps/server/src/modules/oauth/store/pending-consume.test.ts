import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../../db/migrated-pglite';
import type { Database } from '../../../db/schema';
import { createModelStore } from './model-store';
import { createPendingConsume } from './pending-consume';
import { createSessionReads, createTokenReads } from './reads';
import { createRequestRows } from './request-rows';
import { createModelWrites } from './writes';

// A code's or refresh token's consumption goes with the write that follows it (pending-consume.ts).

let pglite: PGlite;
let db: Kysely<Database>;
beforeAll(async () => {
  ({ pglite, db } = await openMigratedPglite());
});
afterAll(async () => {
  await pglite?.close();
});

const rows = createRequestRows();
const reads = () => ({ tokens: createTokenReads(db), sessions: createSessionReads(db) });
const pending = () => createPendingConsume(db, rows);
const refreshTokens = () =>
  createModelStore(db, 'RefreshToken', rows, reads(), createModelWrites(db), pending());
const accessTokens = () =>
  createModelStore(db, 'AccessToken', rows, reads(), createModelWrites(db), pending());
const token = (grantId: string) => ({ grantId, clientId: 'client-1', accountId: 'account-1', kind: 'x' });
const consumedAt = async (id: string) => (await refreshTokens().find(id))?.consumed;
const exists = async (id: string) => (await accessTokens().find(id)) !== undefined;

// What provider.ts does at the end of an engine request (settle-tokens.ts).
const settle = () => pending().flush();
const discard = () => pending().discard();
const storedIds = async () =>
  (await db.selectFrom('oidc_models').select(['model', 'consumed_at']).execute()).length;

describe('a consumption and the writes after it', () => {
  it('inside a request: the token is consumed with the tokens written after it, when the request settles', async () => {
    await refreshTokens().upsert('rt-1', token('grant-1'), 3600);
    const before = await storedIds();
    await rows.run(async () => {
      await refreshTokens().consume('rt-1');
      await refreshTokens().upsert('rt-2', token('grant-1'), 3600);
      await accessTokens().upsert('at-1', token('grant-1'), 3600);
      // Nothing has run yet: another instance reading now still sees it unconsumed, and no token.
      const direct = await db.selectFrom('oidc_models').select('consumed_at').execute();
      expect(direct.every((r) => r.consumed_at === null)).toBe(true);
      expect(await storedIds()).toBe(before);
      await settle();
    });
    expect(await consumedAt('rt-1')).toBeTruthy();
    expect(await consumedAt('rt-2')).toBeFalsy();
    expect(await exists('at-1')).toBe(true);
  });

  it('a request whose consumption another request won first writes nothing and revokes the family', async () => {
    await refreshTokens().upsert('rt-3', token('grant-2'), 3600);
    await accessTokens().upsert('at-family', token('grant-2'), 3600);
    await rows.run(async () => {
      await refreshTokens().consume('rt-3');
      await refreshTokens().upsert('rt-4', token('grant-2'), 3600);
      await settle();
    });
    const replay = rows.run(async () => {
      await refreshTokens().consume('rt-3');
      await refreshTokens().upsert('rt-replay', token('grant-2'), 3600);
      await accessTokens().upsert('at-replay', token('grant-2'), 3600);
      await settle();
    });
    await expect(replay).rejects.toBeInstanceOf(errors.InvalidGrant);
    await expect(replay).rejects.toMatchObject({ error_detail: 'refresh token already used' });
    expect(await exists('at-replay')).toBe(false);
    expect(await refreshTokens().find('rt-replay')).toBeUndefined();
    // The family (every token of grant-2, the winner's new refresh token too) is gone.
    expect(await exists('at-family')).toBe(false);
    expect(await refreshTokens().find('rt-4')).toBeUndefined();
  });

  it('any other read or write first writes what is held', async () => {
    await refreshTokens().upsert('rt-5', token('grant-3'), 3600);
    const seen = await rows.run(async () => {
      await refreshTokens().consume('rt-5');
      await accessTokens().upsert('at-5', token('grant-3'), 3600);
      return accessTokens().find('anything');
    });
    expect(seen).toBeUndefined();
    expect(await consumedAt('rt-5')).toBeTruthy();
    expect(await exists('at-5')).toBe(true);
  });

  it('a token written twice in the request is written once, with its last payload', async () => {
    await refreshTokens().upsert('rt-7', token('grant-5'), 3600);
    await rows.run(async () => {
      await refreshTokens().consume('rt-7');
      await accessTokens().upsert('at-7', token('grant-5'), 3600);
      await accessTokens().upsert('at-7', { ...token('grant-5'), kind: 'second' }, 3600);
      await settle();
    });
    expect(await accessTokens().find('at-7')).toMatchObject({ kind: 'second' });
  });

  it('a request that fails (discards) or writes nothing after it leaves the token unconsumed; outside a request it runs at once', async () => {
    await refreshTokens().upsert('rt-6', token('grant-4'), 3600);
    await rows.run(async () => {
      await refreshTokens().consume('rt-6');
      await accessTokens().upsert('at-6', token('grant-4'), 3600);
      discard();
      await settle();
    });
    expect(await consumedAt('rt-6')).toBeFalsy();
    expect(await exists('at-6')).toBe(false);
    await rows.run(() => refreshTokens().consume('rt-6'));
    expect(await consumedAt('rt-6')).toBeFalsy();
    await refreshTokens().consume('rt-6');
    expect(await consumedAt('rt-6')).toBeTruthy();
    await expect(refreshTokens().consume('rt-6')).rejects.toMatchObject({
      error_detail: 'refresh token already used',
    });
  });
});
