import { authorizeScenario } from '../scenarios/authorize';
import { codeExchangeScenario } from '../scenarios/code-exchange';
import { introspectionScenario } from '../scenarios/introspection';
import { refreshGrantScenario } from '../scenarios/refresh-grant';
import { userinfoScenario } from '../scenarios/userinfo';
import { type LoadResult, report } from './cannon';
import type { CookieJar } from './jar';
import type { OAuthTarget } from './oauth';

export const OAUTH_SCENARIOS = ['authorize', 'exchange', 'refresh', 'userinfo', 'introspect'] as const;
export type OAuthFigures = Record<(typeof OAUTH_SCENARIOS)[number], LoadResult>;

/**
 * The same OAuth scenarios against one authorization server: authorize (minting codes), code
 * exchange (consuming exactly those), refresh with rotation, userinfo and introspection with the
 * tokens the exchange issued.
 */
export async function oauthSuite(
  target: OAuthTarget,
  jars: CookieJar[],
  opts: { seconds: number; mintSeconds: number },
): Promise<OAuthFigures> {
  const grantConnections = 10;
  const readConnections = 20;
  const minted = await authorizeScenario(target, jars, opts.mintSeconds, grantConnections);
  const authorize = report(minted.result);
  const exchanged = await codeExchangeScenario(target, minted.codes, grantConnections);
  const exchange = report(exchanged.result);
  const pool = grantConnections * 2;
  if (exchanged.tokens.length <= pool)
    throw new Error(`${target.label}: only ${exchanged.tokens.length} tokens were issued`);
  const refresh = report(
    await refreshGrantScenario(
      target,
      exchanged.tokens.slice(0, pool).map((t) => t.refresh),
      opts.seconds,
      grantConnections,
    ),
  );
  const access = exchanged.tokens.slice(pool, pool + 64).map((t) => t.access);
  const userinfo = report(await userinfoScenario(target, access, opts.seconds, readConnections));
  const introspect = report(await introspectionScenario(target, access, opts.seconds, readConnections));
  return { authorize, exchange, refresh, userinfo, introspect };
}
