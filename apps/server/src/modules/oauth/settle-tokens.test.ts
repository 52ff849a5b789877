import { EventEmitter } from 'node:events';
import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { settleTokens } from './settle-tokens';

// What the engine's answer becomes once the tokens held in the request are (or are not) written.

function setup(settle: () => Promise<void>, holding = true) {
  const calls: string[] = [];
  const events: string[] = [];
  const provider = new EventEmitter();
  provider.on('grant.error', () => events.push('grant.error'));
  provider.on('server_error', () => events.push('server_error'));
  const middleware = settleTokens(provider as unknown as Provider, {
    settle: async () => {
      calls.push('settle');
      await settle();
    },
    discard: () => calls.push('discard'),
    holds: () => holding,
  });
  const ctx = { status: 404, body: undefined as unknown } as KoaContextWithOIDC;
  const run = (next: () => Promise<void>) => middleware(ctx, next);
  /** The engine built an answer (status and body) for the request. */
  const answer = (status: number, body: unknown) =>
    run(async () => {
      ctx.status = status;
      ctx.body = body;
    });
  return { calls, events, ctx, run, answer };
}

const tokens = { access_token: 'at', refresh_token: 'rt', token_type: 'Bearer' };

describe('settling the tokens held in an engine request', () => {
  it('a success is answered after its tokens are written', async () => {
    const s = setup(async () => {});
    await s.answer(200, tokens);
    expect(s.calls).toEqual(['settle']);
    expect(s.ctx.body).toEqual(tokens);
  });

  it('a consumption another request won first: invalid_grant, and no token in the answer', async () => {
    const s = setup(async () => {
      throw new errors.InvalidGrant('refresh token already used');
    });
    await s.answer(200, tokens);
    expect(s.ctx.status).toBe(400);
    expect(s.ctx.body).toEqual({ error: 'invalid_grant', error_description: 'grant request is invalid' });
    expect(s.events).toEqual(['grant.error']);
  });

  it('a database failure while writing: server_error, no token, and the cause logged', async () => {
    const s = setup(async () => {
      throw new Error('connection terminated');
    });
    await s.answer(200, tokens);
    expect(s.ctx.status).toBe(500);
    expect(s.ctx.body).toEqual({ error: 'server_error', error_description: 'oops! something went wrong' });
    expect(s.events).toEqual(['server_error']);
  });

  it('an error answer or a thrown error writes nothing held', async () => {
    const s = setup(async () => {});
    await s.answer(400, { error: 'invalid_grant' });
    await expect(
      s.run(async () => {
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    expect(s.calls).toEqual(['discard', 'discard']);
  });

  it('a request that holds nothing (most engine requests) settles nothing', async () => {
    const s = setup(async () => {
      throw new Error('not called');
    }, false);
    await s.answer(200, { sub: 'someone' });
    expect(s.calls).toEqual([]);
    expect(s.ctx.status).toBe(200);
  });
});
