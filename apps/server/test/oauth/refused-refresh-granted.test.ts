import { createHash } from 'node:crypto';
import { type ApiCreatedResponse, DEVELOPER_APIS_API } from '@omnia/contracts/apis';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { register, send, validClient } from '../developer/helpers';
import { authorizeForApi, REDIRECT, useApiWorld } from './apis';

/*
 * As in refused-refresh.test.ts, for a resource the request does not name: for scopes without
 * `openid` the engine resolves the one the refresh token was granted, after rotating. Refused for
 * it (the API went), the refresh must leave the token as it was (openid-client as the app).
 */
const world = useApiWorld();
const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');

async function refresh(config: oidc.Configuration, token: string, params?: Record<string, string>) {
  try {
    return await oidc.refreshTokenGrant(config, token, params);
  } catch (err) {
    if (err instanceof oidc.ResponseBodyError) return { error: err.error };
    throw err;
  }
}

describe('a refresh refused for the resource its token was granted', () => {
  it('leaves the refresh token as it was: the next ordinary refresh works', async () => {
    const { server, owner } = world;
    const created = await send(server, owner, 'POST', DEVELOPER_APIS_API.apis, {
      name: 'Stock API',
      identifier: 'https://stock.example.test/api',
      scopes: [{ name: 'stock:read', description: 'See stock' }],
    });
    expect(created.status).toBe(201);
    const api = (await created.json()) as ApiCreatedResponse;
    const web = await register(server, owner, validClient({ name: 'Shop', redirect_uris: [REDIRECT] }));
    const { config, tokens } = await authorizeForApi(server, owner, web, {
      scope: 'openid profile stock:read',
      resource: 'https://stock.example.test/api',
    });
    const refreshToken = tokens.refresh_token ?? '';
    expect(refreshToken).not.toBe('');
    const deleted = await send(server, owner, 'DELETE', DEVELOPER_APIS_API.api(api.api.id), {
      confirm: 'Stock API',
    });
    expect(deleted.status).toBe(204);

    expect(await refresh(config, refreshToken, { scope: 'stock:read' })).toEqual({ error: 'invalid_target' });
    const row = await server.deps.dbHandle.db
      .selectFrom('oidc_models')
      .select('consumed_at')
      .where('model', '=', 'RefreshToken')
      .where('id', '=', idOf(refreshToken))
      .executeTakeFirstOrThrow();
    expect(row.consumed_at).toBeNull();
    const later = await refresh(config, refreshToken);
    expect(later).toHaveProperty('access_token');
  });
});
