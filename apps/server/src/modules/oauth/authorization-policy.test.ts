import { ACR } from '@omnia/contracts/constants';
import { describe, expect, it } from 'vitest';
import {
  acrFor,
  acrOf,
  acrRequest,
  asksForConsent,
  claimScopes,
  hintedSubject,
  loginHint,
  needsFreshSignIn,
  requestedClaims,
  uiLocale,
  wantsTwoStep,
} from './authorization-policy';

const at = (s: number) => new Date(s * 1000);
const pending = (reasons: string[], params: Record<string, unknown> = {}, name = 'login') => ({
  prompt: { name, reasons },
  params,
});
/** The request arrived at 1,000.5 s. */
const started = new Date(1_000_500);

describe('needsFreshSignIn', () => {
  it('prompt=login needs a sign-in made during this authorization, to the millisecond', () => {
    expect(needsFreshSignIn(pending(['login_prompt']), at(999), started, at(1_005))).toBe(true);
    expect(needsFreshSignIn(pending(['login_prompt']), at(1_001), started, at(1_005))).toBe(false);
    // The same second, before the request and after it.
    expect(needsFreshSignIn(pending(['login_prompt']), new Date(1_000_499), started, at(1_005))).toBe(true);
    expect(needsFreshSignIn(pending(['login_prompt']), new Date(1_000_500), started, at(1_005))).toBe(false);
  });

  it('a request whose arrival is unknown has no sign-in made during it', () => {
    expect(needsFreshSignIn(pending(['login_prompt']), at(1_001), undefined, at(1_005))).toBe(true);
  });

  it('max_age accepts a sign-in no older than it, or one made during this authorization', () => {
    expect(needsFreshSignIn(pending(['max_age'], { max_age: 60 }), at(950), started, at(1_005))).toBe(false);
    expect(needsFreshSignIn(pending(['max_age'], { max_age: 60 }), at(900), started, at(1_005))).toBe(true);
    expect(
      needsFreshSignIn(pending(['max_age', 'no_session'], { max_age: 0 }), at(999), started, at(1_000)),
    ).toBe(true);
    expect(needsFreshSignIn(pending(['max_age'], { max_age: 0 }), at(1_002), started, at(1_003))).toBe(false);
  });

  it('a consent prompt or a plain missing session asks for nothing more', () => {
    expect(needsFreshSignIn(pending(['no_session']), at(1), started, at(1_005))).toBe(false);
    expect(needsFreshSignIn(pending(['consent_prompt'], {}, 'consent'), at(1), started, at(1_005))).toBe(
      false,
    );
  });
});

describe('request parameters', () => {
  it('reads prompt=consent among other prompts', () => {
    expect(asksForConsent({ prompt: 'login consent' })).toBe(true);
    expect(asksForConsent({ prompt: 'login' })).toBe(false);
    expect(asksForConsent({})).toBe(false);
  });

  it('lists the claims of the claims parameter within the scopes asked for, without those always answered, and survives junk', () => {
    const claims = JSON.stringify({
      userinfo: { name: { essential: true }, sub: null },
      id_token: { email: null },
    });
    expect(requestedClaims({ claims }, ['openid', 'profile', 'email']).sort()).toEqual(['email', 'name']);
    // Only within the scopes granted: the parameter never reaches beyond what the person sees.
    expect(requestedClaims({ claims }, ['openid', 'profile'])).toEqual(['name']);
    expect(requestedClaims({ claims }, ['openid'])).toEqual([]);
    // The scopes it asks for by their claims, among those the app may have.
    expect(claimScopes({ claims }, ['openid', 'profile', 'email']).sort()).toEqual(['email', 'profile']);
    expect(claimScopes({ claims }, ['openid'])).toEqual([]);
    expect(requestedClaims({ claims: '{not json' }, ['profile'])).toEqual([]);
    expect(requestedClaims({ claims: '"text"' }, ['profile'])).toEqual([]);
    expect(requestedClaims({}, ['profile'])).toEqual([]);
  });

  it('reads the subject of an id_token_hint and nothing from junk', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'abc' })).toString('base64url');
    expect(hintedSubject({ id_token_hint: `h.${payload}.s` })).toBe('abc');
    expect(hintedSubject({ id_token_hint: 'junk' })).toBeUndefined();
    expect(hintedSubject({})).toBeUndefined();
  });

  it('picks the first supported ui_locale and an e-mail login_hint', () => {
    expect(uiLocale({ ui_locales: 'ja fr-CA de' })).toBe('fr');
    expect(uiLocale({ ui_locales: 'ja' })).toBeUndefined();
    expect(loginHint({ login_hint: 'ana@example.test' })).toBe('ana@example.test');
    expect(loginHint({ login_hint: 'not an address' })).toBeUndefined();
  });
});

describe('wantsTwoStep', () => {
  it('the client requires it, or acr_values accept only the two-factor level', () => {
    expect(wantsTwoStep(undefined, true)).toBe(true);
    expect(wantsTwoStep(ACR.twoStep, false)).toBe(true);
    expect(wantsTwoStep(`${ACR.twoStep} urn:other`, false)).toBe(true);
    expect(wantsTwoStep(`${ACR.password} ${ACR.twoStep}`, false)).toBe(false);
    expect(wantsTwoStep(ACR.password, false)).toBe(false);
    expect(wantsTwoStep('1 2', false)).toBe(false);
    expect(wantsTwoStep(undefined, false)).toBe(false);
    expect(wantsTwoStep(42, false)).toBe(false);
  });
});

describe('acrOf', () => {
  it('names the two-factor level only when mfa is among the methods', () => {
    expect(acrOf(['pwd'])).toBe(ACR.password);
    expect(acrOf(['pwd', 'otp', 'mfa'])).toBe(ACR.twoStep);
  });
});

describe('acrRequest and acrFor', () => {
  const claims = (acr: unknown) => ({ claims: JSON.stringify({ id_token: { acr } }) });
  it('reads acr_values (voluntary), else an essential acr claim with value or values', () => {
    expect(acrRequest({ acr_values: `${ACR.twoStep} x` })).toEqual({
      values: [ACR.twoStep, 'x'],
      essential: false,
    });
    expect(acrRequest(claims({ essential: true, values: [ACR.twoStep] }))).toEqual({
      values: [ACR.twoStep],
      essential: true,
    });
    expect(acrRequest(claims({ essential: true, value: ACR.password }))).toEqual({
      values: [ACR.password],
      essential: true,
    });
    expect(acrRequest(claims({ values: [ACR.twoStep] }))).toEqual({ values: [], essential: false });
    expect(acrRequest({ claims: '{not json' })).toEqual({ values: [], essential: false });
    expect(
      acrRequest({ ...claims({ essential: true, values: ['y'] }), acr_values: ACR.password }).values,
    ).toEqual([ACR.password]);
  });
  it('reads an essential acr as the engine enforces it', () => {
    const demanded = (acr: object) => acrRequest(claims(acr));
    // Any truthy `essential` is enforced by the engine.
    expect(demanded({ essential: 'yes', value: ACR.twoStep })).toEqual({
      values: [ACR.twoStep],
      essential: true,
    });
    expect(demanded({ essential: 1, values: [ACR.twoStep] }).values).toEqual([ACR.twoStep]);
    expect(demanded({ essential: false, values: [ACR.twoStep] }).essential).toBe(false);
    // `value` and `values` both count: the acr must be in both.
    expect(demanded({ essential: true, values: [ACR.password, ACR.twoStep], value: ACR.twoStep })).toEqual({
      values: [ACR.twoStep],
      essential: true,
    });
    // Nothing meets an empty list, a list the sign-in's acr is not in, or a value that is no string.
    for (const acr of [
      { essential: true, values: [] },
      { essential: true, values: [ACR.password], value: ACR.twoStep },
      { essential: true, value: 5 },
      { essential: true, values: 'not a list' },
    ])
      expect(demanded(acr), JSON.stringify(acr)).toEqual({ values: [], essential: true, unmeetable: true });
    // A list with a stray non-string is met by its strings; a falsy value or list is not looked at.
    expect(demanded({ essential: true, values: [5, ACR.password] }).values).toEqual([ACR.password]);
    expect(demanded({ essential: true, value: '' })).toEqual({ values: [], essential: true });
    // An empty acr_values leaves the claim in force.
    expect(acrRequest({ ...claims({ essential: true, value: ACR.twoStep }), acr_values: '' })).toEqual({
      values: [ACR.twoStep],
      essential: true,
    });
  });
  it('answers the level asked for that the sign-in meets, or null when an essential one is out of reach', () => {
    const mfa = ['pwd', 'otp', 'mfa'];
    expect(acrFor({}, ['pwd'])).toBe(ACR.password);
    expect(acrFor(claims({ essential: true, values: [ACR.password] }), mfa)).toBe(ACR.password);
    expect(acrFor(claims({ essential: true, values: [ACR.twoStep] }), mfa)).toBe(ACR.twoStep);
    expect(acrFor(claims({ essential: true, values: [ACR.twoStep] }), ['pwd'])).toBeNull();
    expect(acrFor(claims({ essential: true, values: ['urn:gold'] }), mfa)).toBeNull();
    expect(acrFor({ acr_values: 'urn:gold' }, ['pwd'])).toBe(ACR.password);
  });
});
