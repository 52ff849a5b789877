import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import { formHeaders, type OAuthTarget, parseJson } from '../lib/oauth';

/**
 * POST /token grant_type=refresh_token with rotation: a pool of refresh tokens twice the number of
 * connections; each request takes the oldest and puts back the one it is given, so no token is
 * ever presented twice (a reuse would revoke the grant).
 */
export function refreshGrantScenario(
  target: OAuthTarget,
  refreshTokens: string[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  if (refreshTokens.length < connections * 2)
    throw new Error(`${target.label}: ${refreshTokens.length} refresh tokens for ${connections} connections`);
  const pool = [...refreshTokens];
  const request: autocannon.Request = {
    method: 'POST',
    path: target.routes.token,
    headers: formHeaders(target),
    setupRequest: (req) => {
      const token = pool.shift() ?? 'exhausted';
      return {
        ...req,
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }).toString(),
      };
    },
    onResponse: (status, body) => {
      const next = status === 200 ? parseJson<{ refresh_token?: string }>(body)?.refresh_token : undefined;
      if (next) pool.push(next);
    },
  };
  return load(`${target.label}: POST token (refresh_token, rotating)`, {
    url: target.base,
    requests: [request],
    connections,
    durationSeconds: seconds,
  });
}
