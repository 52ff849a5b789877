import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, Kysely } from 'kysely';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedPglite } from '../../../db/migrated-pglite';
import type { Database } from '../../../db/schema';
import { createModelStore } from './model-store';
import { createPendingConsume } from './pending-consume';
import { createSessionReads, createTokenReads } from './reads';
import { createRequestRows } from './request-rows';
import { CONSUME_AND_UPSERT } from './statements';
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

describe('the consumptions of concurrent requests', () => {
  /** One holder for every request, as the engine has (store/index.ts), on a db that counts its statements. */
  function sharedEngine() {
    const statements: string[] = [];
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'executeQuery')
          return (query: CompiledQuery) => {
            statements.push(query.sql);
            return target.executeQuery(query);
          };
        return Reflect.get(target, prop, receiver);
      },
    });
    const holder = createPendingConsume(counting, rows);
    const store = (model: string) =>
      createModelStore(counting, model, rows, reads(), createModelWrites(counting), holder);
    return { statements, holder, refresh: store('RefreshToken'), access: store('AccessToken') };
  }

  it('share statements, and each request gets its own answer: its tokens, or invalid_grant and none', async () => {
    const engine = sharedEngine();
    const ids = ['s1', 's2', 's3', 's4', 's5', 's6'];
    for (const id of ids) await refreshTokens().upsert(`rt-${id}`, token(`grant-${id}`), 3600);
    // s3 was used before: its request is a replay.
    await refreshTokens().consume('rt-s3');
    engine.statements.length = 0;
    const outcomes = await Promise.allSettled(
      ids.map((id) =>
        rows.run(async () => {
          await engine.refresh.consume(`rt-${id}`);
          await engine.refresh.upsert(`rt-${id}-next`, token(`grant-${id}`), 3600);
          await engine.access.upsert(`at-${id}-next`, token(`grant-${id}`), 3600);
          await engine.holder.flush();
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[2]).toMatchObject({ reason: { error_detail: 'refresh token already used' } });
    for (const id of ids) {
      const won = id !== 's3';
      expect(await exists(`at-${id}-next`), id).toBe(won);
      expect((await refreshTokens().find(`rt-${id}-next`)) !== undefined, id).toBe(won);
      // The replayed one went with its family; every other was consumed.
      if (won) expect(await consumedAt(`rt-${id}`), id).toBeTruthy();
      else expect(await refreshTokens().find(`rt-${id}`), id).toBeUndefined();
    }
    // Six consumptions, fewer statements (the replay's family revocation is one more).
    const consumptions = engine.statements.filter((sql) => sql === CONSUME_AND_UPSERT);
    expect(consumptions.length).toBeGreaterThan(0);
    expect(consumptions.length).toBeLessThan(ids.length);
  });

  it('two requests presenting the same refresh token at once: one wins, never both', async () => {
    const engine = sharedEngine();
    await refreshTokens().upsert('rt-twice', token('grant-twice'), 3600);
    const outcomes = await Promise.allSettled(
      ['a', 'b'].map((who) =>
        rows.run(async () => {
          await engine.refresh.consume('rt-twice');
          await engine.access.upsert(`at-twice-${who}`, token('grant-twice'), 3600);
          await engine.holder.flush();
        }),
      ),
    );
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    // The loser revoked the family: the winner's access token went with it.
    expect(await exists('at-twice-a')).toBe(false);
    expect(await exists('at-twice-b')).toBe(false);
  });
});
