import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import { formHeaders, type OAuthTarget } from '../lib/oauth';

/** POST /introspect (client_secret_basic) of live access tokens; an inactive answer counts as an error. */
export async function introspectionScenario(
  target: OAuthTarget,
  accessTokens: string[],
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  if (accessTokens.length === 0) throw new Error(`${target.label}: no access tokens to introspect`);
  let next = 0;
  let inactive = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: target.routes.introspect,
    headers: formHeaders(target),
    setupRequest: (req) => ({
      ...req,
      body: new URLSearchParams({ token: accessTokens[next++ % accessTokens.length] ?? '' }).toString(),
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
  });
  return { ...result, errors: result.errors + inactive };
}
