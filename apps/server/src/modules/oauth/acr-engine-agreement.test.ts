import { ACR } from '@omnia/contracts/constants';
import { interactionPolicy } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { acrFor, acrOf, acrRequest, wantsTwoStep } from './authorization-policy';

/*
 * acrRequest/acrFor against the engine's own login checks (essential_acrs and essential_acr of
 * oidc-provider 9.13, through its public interactionPolicy), over many shapes of `acr_values` and
 * of a `claims` parameter's acr, under id_token and under userinfo. For every shape and sign-in:
 *  - when Omnia answers an acr, the engine must find it met (else it asks again: a loop, or the
 *    consent screen after a silent request);
 *  - when Omnia answers unmet, no acr it could give that sign-in may satisfy the engine (else it
 *    refuses what the engine accepts).
 * A shape the engine refuses outright (its check throws invalid_request) is skipped. This fails
 * when an engine upgrade reads these shapes differently.
 */
const PW = ACR.password;
const TWO = ACR.twoStep;
const login = interactionPolicy.base().get('login');
const engineChecks = ['essential_acrs', 'essential_acr'].map((r) => login?.checks.get(r));

/**
 * The engine's assignClaims (lib/actions/authorization/claims.js), which is not exported: a
 * non-empty acr_values replaces the claim.
 */
function engineClaims(params: Record<string, string>) {
  const claims = params.claims !== undefined ? JSON.parse(params.claims) : undefined;
  if (params.acr_values) {
    const c = claims ?? {};
    c.id_token ||= {};
    c.id_token.acr = { values: params.acr_values.split(' ') };
    return c;
  }
  return claims;
}

/** 'met', 'prompt' or 'rejects' (the engine's check throws: invalid_request before any screen). */
function engine(params: Record<string, string>, acr: string): 'met' | 'prompt' | 'rejects' {
  const ctx = { oidc: { claims: engineClaims(params), acr } };
  try {
    for (const check of engineChecks) if (check?.check(ctx as never)) return 'prompt';
  } catch {
    return 'rejects';
  }
  return 'met';
}

const essentials = [undefined, true, false, 'yes', 1, 0, '', 'false', null];
const valueShapes = [undefined, '', PW, TWO, 5, 'urn:other', true, null];
const valuesShapes = [
  undefined,
  [],
  [PW],
  [TWO],
  [PW, TWO],
  [5, PW],
  ['urn:other'],
  'x',
  0,
  null,
  [TWO, TWO],
];
const acrValuesShapes = [undefined, PW, TWO, `${PW} ${TWO}`, 'urn:other', ' '];

function* shapes(): Generator<Record<string, string>> {
  for (const where of ['id_token', 'userinfo'])
    for (const essential of essentials)
      for (const value of valueShapes)
        for (const values of valuesShapes)
          for (const acr_values of acrValuesShapes) {
            const acr: Record<string, unknown> = {};
            if (essential !== undefined) acr.essential = essential;
            if (value !== undefined) acr.value = value;
            if (values !== undefined) acr.values = values;
            const params: Record<string, string> = { claims: JSON.stringify({ [where]: { acr } }) };
            if (acr_values !== undefined) params.acr_values = acr_values;
            yield params;
          }
}

describe('acrRequest/acrFor against the engine login checks', () => {
  it('agree on every shape', () => {
    const mismatches: string[] = [];
    let n = 0;
    for (const params of shapes()) {
      for (const amr of [['pwd'], ['pwd', 'otp', 'mfa']]) {
        n++;
        const wants2 = wantsTwoStep(acrRequest(params).values.join(' '), false);
        // Omnia asks a one-factor sign-in for its second factor first (needsSecondFactor).
        if (wants2 && !amr.includes('mfa')) continue;
        const answered = acrFor(params, amr);
        if (answered !== null) {
          const verdict = engine(params, answered);
          if (verdict === 'prompt')
            mismatches.push(`engine asks again: ${JSON.stringify(params)} amr=${amr} acr=${answered}`);
        } else {
          const candidates = amr.includes('mfa') ? [acrOf(amr), PW] : [acrOf(amr)];
          const ok = candidates.filter((c) => engine(params, c) === 'met');
          if (ok.length)
            mismatches.push(`Omnia refuses, engine accepts ${ok}: ${JSON.stringify(params)} amr=${amr}`);
        }
      }
    }
    expect(n).toBeGreaterThan(1000);
    expect(mismatches.slice(0, 20), `${mismatches.length} mismatches`).toEqual([]);
  });
});
