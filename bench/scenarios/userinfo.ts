import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import type { OAuthTarget } from '../lib/oauth';

/** GET /userinfo with a Bearer access token (the tokens take turns). */
export function userinfoScenario(
  target: OAuthTarget,
  accessTokens: string[],
  seconds: number,
  connections: number,
  name = `${target.label}: GET userinfo (Bearer)`,
): Promise<LoadResult> {
  if (accessTokens.length === 0) throw new Error(`${target.label}: no access tokens for userinfo`);
  let next = 0;
  const request: autocannon.Request = {
    method: 'GET',
    path: target.routes.userinfo,
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${accessTokens[next++ % accessTokens.length]}` },
    }),
  };
  return load(name, { url: target.base, requests: [request], connections, durationSeconds: seconds });
}
