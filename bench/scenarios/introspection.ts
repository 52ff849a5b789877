import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import { formHeaders, type OAuthTarget } from '../lib/oauth';
import type { TokenSpread } from '../lib/token-spread';

/**
 * POST /introspect (client_secret_basic) of live access tokens, each introspected a bounded number
 * of times (the spread); an inactive answer counts as an error.
 */
export async function introspectionScenario(
  target: OAuthTarget,
  tokens: TokenSpread,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  let inactive = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: target.routes.introspect,
    headers: formHeaders(target),
    setupRequest: (req) => ({
      ...req,
      body: new URLSearchParams({ token: tokens.next() }).toString(),
    }),
    onResponse: (status, body) => {
      if (status === 200 && !body.includes('"active":true')) inactive++;
    },
  };
  const result = await load(`${target.label}: POST introspect`, {
    url: target.base,
    requests: [request],
    connections,
    durationSeconds: seconds,
    signal: tokens.signal,
  });
  return { ...result, errors: result.errors + inactive };
}
