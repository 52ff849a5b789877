import { interactionPolicy } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { signInPolicy } from './sign-in-policy';

describe('signInPolicy', () => {
  it("replaces the engine's check of the claims parameter, in its place (its name is the engine's)", () => {
    const engine = interactionPolicy.base().get('consent')?.checks ?? [];
    const ours = signInPolicy().get('consent')?.checks ?? [];
    const name = 'op_claims_missing';
    // The engine still has a check by that name: if it were renamed, ours would not replace it.
    expect(engine.map((c) => c.reason)).toContain(name);
    expect(ours.map((c) => c.reason)).toEqual(engine.map((c) => c.reason));
    expect(ours.find((c) => c.reason === name)?.description).toBe(
      "requested claims of the app's scopes not granted",
    );
  });
});
