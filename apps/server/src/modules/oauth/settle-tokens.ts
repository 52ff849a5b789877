import type Provider from 'oidc-provider';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { EngineStore } from './store';

/**
 * The engine's innermost middleware. A code exchange or rotation holds its consumption and the
 * tokens it issues until the engine has built its answer (store/pending-consume.ts); they are
 * written here, in one statement, before the answer leaves. When another request consumed the
 * code or refresh token first, the answer becomes the engine's invalid_grant and carries no token;
 * when the engine answered with an error, nothing held is written.
 */
export function settleTokens(provider: Provider, store: Pick<EngineStore, 'settle' | 'discard' | 'holds'>) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    try {
      await next();
    } catch (err) {
      store.discard();
      throw err;
    }
    if (!store.holds()) return;
    if (ctx.status >= 400) {
      store.discard();
      return;
    }
    try {
      await store.settle();
    } catch (err) {
      // The same answer the engine's error handler gives at the token endpoint.
      const known = err instanceof errors.OIDCProviderError && err.expose;
      ctx.status = known ? err.statusCode : 500;
      ctx.body = known
        ? { error: err.message, error_description: err.error_description }
        : { error: 'server_error', error_description: 'oops! something went wrong' };
      provider.emit(known ? 'grant.error' : 'server_error', ctx, err);
    }
  };
}
