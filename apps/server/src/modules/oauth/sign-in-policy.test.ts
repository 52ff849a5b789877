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
    // Ours for a public client's loopback redirect follows the engine's for native clients.
    const expected = engine.map((c) => c.reason);
    const native = expected.indexOf('native_client_prompt');
    expect(native).toBeGreaterThanOrEqual(0);
    expected.splice(native + 1, 0, 'loopback_public_client');
    expect(ours.map((c) => c.reason)).toEqual(expected);
    expect(ours.find((c) => c.reason === name)?.description).toBe(
      "requested claims of the app's scopes not granted",
    );
  });
});
