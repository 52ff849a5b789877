import { type LoadResult, report } from '../lib/cannon';
import { exchangeCode, type OAuthTarget } from '../lib/oauth';
import { consentedJar } from '../lib/omnia-oauth';
import { loginScenario, randomSeedEmail } from './accounts';
import { userinfoScenario } from './userinfo';

export interface GrowthRow {
  users: number;
  login: LoadResult;
  userinfo: LoadResult;
}

export const usersLabel = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);

/**
 * Login and userinfo with `users` accounts in the table: logins pick random accounts, userinfo
 * uses tokens of four random accounts that consent just before. A one-second warm-up (unrecorded)
 * follows a server restart.
 */
export async function growthStep(target: OAuthTarget, users: number, seconds: number): Promise<GrowthRow> {
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    const { code } = await consentedJar(target, randomSeedEmail(users));
    tokens.push((await exchangeCode(target, code)).access);
  }
  const label = usersLabel(users);
  await userinfoScenario(target, tokens, 1, 20, 'warm-up');
  const login = report(await loginScenario(target.base, users, seconds, 4, `Omnia @${label} users: login`));
  const userinfo = report(
    await userinfoScenario(target, tokens, seconds, 20, `Omnia @${label} users: userinfo`),
  );
  return { users, login, userinfo };
}
