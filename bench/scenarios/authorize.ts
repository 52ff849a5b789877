import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import type { CookieJar } from '../lib/jar';
import { authorizePath, headerOf, type OAuthTarget } from '../lib/oauth';

/**
 * GET /authorize for users who have already consented: the engine answers 303 to the client with
 * a code. Run first, it also mints the codes the exchange scenario consumes (a code is single-use
 * and lives 60 s). Browsers (jars) take turns, so codes spread over several sessions and grants.
 */
export async function authorizeScenario(
  target: OAuthTarget,
  jars: CookieJar[],
  seconds: number,
  connections: number,
): Promise<{ result: LoadResult; codes: string[] }> {
  const cookies = jars.map((jar) => jar.header(target.routes.authorize));
  const codes: string[] = [];
  let next = 0;
  const request: autocannon.Request = {
    method: 'GET',
    path: authorizePath(target),
    setupRequest: (req) => ({
      ...req,
      headers: { ...req.headers, cookie: cookies[next++ % cookies.length] },
    }),
    onResponse: (_status, _body, _context, headers) => {
      const location = headerOf(headers, 'location');
      const code = location ? new URL(location).searchParams.get('code') : null;
      if (code) codes.push(code);
    },
  };
  const result = await load(`${target.label}: GET authorize (consented, 303 + code)`, {
    url: target.base,
    requests: [request],
    connections,
    durationSeconds: seconds,
    expectStatus: 303,
  });
  return { result, codes };
}
