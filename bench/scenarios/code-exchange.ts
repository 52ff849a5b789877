import type autocannon from 'autocannon';
import { type LoadResult, load } from '../lib/cannon';
import { exchangeBody, formHeaders, type OAuthTarget, parseJson, type TokenPair } from '../lib/oauth';

/**
 * POST /token grant_type=authorization_code: every request consumes the next pre-minted code
 * (with PKCE and client_secret_basic), so the run is exactly as long as the queue. The tokens
 * issued feed the refresh, userinfo and introspection scenarios.
 */
export async function codeExchangeScenario(
  target: OAuthTarget,
  codes: string[],
  connections: number,
  keep = 2_000,
): Promise<{ result: LoadResult; tokens: TokenPair[] }> {
  if (codes.length === 0) throw new Error(`${target.label}: no codes were minted`);
  const tokens: TokenPair[] = [];
  let next = 0;
  const request: autocannon.Request = {
    method: 'POST',
    path: target.routes.token,
    headers: formHeaders(target),
    setupRequest: (req) => ({ ...req, body: exchangeBody(target, codes[next++] ?? 'exhausted') }),
    onResponse: (status, body) => {
      if (status !== 200 || tokens.length >= keep) return;
      const json = parseJson<{ access_token?: string; refresh_token?: string }>(body);
      if (json?.access_token && json.refresh_token)
        tokens.push({ access: json.access_token, refresh: json.refresh_token });
    },
  };
  const result = await load(`${target.label}: POST token (authorization_code)`, {
    url: target.base,
    requests: [request],
    connections,
    durationSeconds: 60,
    amount: codes.length,
  });
  return { result, tokens };
}
