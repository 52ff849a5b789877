import { authorizeScenario } from '../scenarios/authorize';
import { codeExchangeScenario } from '../scenarios/code-exchange';
import { introspectionScenario } from '../scenarios/introspection';
import { refreshGrantScenario } from '../scenarios/refresh-grant';
import { userinfoScenario } from '../scenarios/userinfo';
import { type LoadResult, report } from './cannon';
import type { CookieJar } from './jar';
import type { OAuthTarget, TokenPair } from './oauth';
import { describeSpread, tokenSpread } from './token-spread';

export const OAUTH_SCENARIOS = ['authorize', 'exchange', 'refresh', 'userinfo', 'introspect'] as const;
export type OAuthFigures = Record<(typeof OAUTH_SCENARIOS)[number], LoadResult>;

/** Presentations per access token in the userinfo and introspection scenarios (docs/performance.md). */
export const TOKEN_USES = 10;
const GRANT_CONNECTIONS = 10;
const READ_CONNECTIONS = 20;

/**
 * Mints tokens the way clients get them: authorize for `seconds` with the browsers (jars) taking
 * turns, so codes spread over every jar's account and grant, then exchange every code once.
 */
export async function mintTokens(
  target: OAuthTarget,
  jars: CookieJar[],
  seconds: number,
): Promise<{ authorize: LoadResult; exchange: LoadResult; tokens: TokenPair[] }> {
  const minted = await authorizeScenario(target, jars, seconds, GRANT_CONNECTIONS);
  const exchanged = await codeExchangeScenario(target, minted.codes, GRANT_CONNECTIONS, Infinity);
  return { authorize: minted.result, exchange: exchanged.result, tokens: exchanged.tokens };
}

/**
 * The same OAuth scenarios against one authorization server: authorize (minting codes), code
 * exchange (consuming exactly those), refresh with rotation, then userinfo and introspection,
 * each on its own half of the issued access tokens (alternate ones, so both halves cover every
 * account), each token presented at most TOKEN_USES times.
 */
export async function oauthSuite(
  target: OAuthTarget,
  jars: CookieJar[],
  opts: { seconds: number; mintSeconds: number },
): Promise<OAuthFigures> {
  const minted = await mintTokens(target, jars, opts.mintSeconds);
  const authorize = report(minted.authorize);
  const exchange = report(minted.exchange);
  const { tokens } = minted;
  const pool = GRANT_CONNECTIONS * 2;
  if (tokens.length <= pool + 2) throw new Error(`${target.label}: only ${tokens.length} tokens were issued`);
  const refresh = report(
    await refreshGrantScenario(
      target,
      tokens.slice(0, pool).map((t) => t.refresh),
      opts.seconds,
      GRANT_CONNECTIONS,
    ),
  );
  const access = tokens.slice(pool).map((t) => t.access);
  const forUserinfo = tokenSpread(
    access.filter((_, i) => i % 2 === 0),
    TOKEN_USES,
  );
  const userinfo = report(await userinfoScenario(target, forUserinfo, opts.seconds, READ_CONNECTIONS));
  console.log(`    tokens: ${describeSpread(forUserinfo.summary())}`);
  const forIntrospection = tokenSpread(
    access.filter((_, i) => i % 2 === 1),
    TOKEN_USES,
  );
  const introspect = report(
    await introspectionScenario(target, forIntrospection, opts.seconds, READ_CONNECTIONS),
  );
  console.log(`    tokens: ${describeSpread(forIntrospection.summary())}`);
  return { authorize, exchange, refresh, userinfo, introspect };
}
