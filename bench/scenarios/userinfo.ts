import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import type { OAuthTarget } from '../lib/oauth';
import type { TokenSpread } from '../lib/token-spread';

/** GET /userinfo with a Bearer access token, each token used a bounded number of times (the spread). */
export function userinfoScenario(
  target: OAuthTarget,
  tokens: TokenSpread,
  seconds: number,
  connections: number,
  name = `${target.label}: GET userinfo (Bearer)`,
): Promise<LoadResult> {
  const request: autocannon.Request = {
    method: 'GET',
    path: target.routes.userinfo,
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, authorization: `Bearer ${tokens.next()}` },
    }),
  };
  return load(name, {
    url: target.base,
    requests: [request],
    connections,
    durationSeconds: seconds,
    signal: tokens.signal,
  });
}
