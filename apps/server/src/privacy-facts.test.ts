import { RETENTION_FACTS as R, SITE_COOKIES } from '@omnia/contracts/pages';
import { describe, expect, it } from 'vitest';
import { RETENTION } from './housekeeping';
import { CANCEL_DAYS } from './modules/accounts/email-change-repo';
import { resolveAccountsOptions } from './modules/accounts/options';
import { TWO_STEP_TTL_SECONDS } from './modules/accounts/two-step';
import { ENGINE_TTL } from './modules/oauth/engine-constants';

/**
 * The Privacy and Cookies pages state these figures (contracts' RETENTION_FACTS and SITE_COOKIES):
 * a change to what the server keeps, or for how long, fails here until the pages say it too.
 */
const DAY = 24 * 3600;
const accounts = resolveAccountsOptions();
const cookie = (name: string) => SITE_COOKIES.find((c) => c.name === name)?.maxAgeSeconds;

describe('what the Privacy page states', () => {
  it('is what housekeeping keeps', () => {
    expect(R.sessionLogDays).toBe(RETENTION.sessionLogDays);
    expect(R.securityEventDays).toBe(RETENTION.securityEventDays);
    expect(R.notificationDays).toBe(RETENTION.notificationDays);
    expect(R.usageEventDays).toBe(RETENTION.usageEventDays);
    expect(R.mailHours * 3600).toBe(RETENTION.mailSeconds);
    expect(R.emailChangeDays).toBe(CANCEL_DAYS);
  });

  it('is how long sessions, links and attempt counters last', () => {
    expect(R.sessionIdleDays * DAY).toBe(accounts.sessionTtlSeconds);
    const windows = Object.values(accounts.limits).map((rule) => rule.windowSeconds);
    expect(R.rateLimitMinutesMin * 60).toBe(Math.min(...windows));
    expect(R.rateLimitMinutesMax * 60).toBe(Math.max(...windows));
  });

  it("is how long the OAuth engine keeps apps' tokens, grants and sessions", () => {
    expect(R.accessTokenMinutes * 60).toBe(ENGINE_TTL.AccessToken);
    expect(R.appRefreshTokenDays * DAY).toBe(ENGINE_TTL.RefreshToken);
    expect(R.grantDays * DAY).toBe(ENGINE_TTL.Grant);
    expect(R.engineSessionDays * DAY).toBe(ENGINE_TTL.Session);
  });
});

describe('the lifetimes the Cookies page states', () => {
  it('are the cookies’ own', () => {
    expect(cookie('omnia_refresh')).toBe(accounts.sessionTtlSeconds);
    expect(cookie('omnia_engine')).toBe(accounts.sessionTtlSeconds);
    expect(cookie('omnia_verify')).toBe(accounts.verifyTokenTtlSeconds);
    expect(cookie('omnia_two_step')).toBe(TWO_STEP_TTL_SECONDS);
    expect(cookie('_session')).toBe(ENGINE_TTL.Session);
    expect(cookie('_interaction')).toBe(ENGINE_TTL.Interaction);
    expect(cookie('_interaction_resume')).toBe(ENGINE_TTL.Interaction);
  });
});
