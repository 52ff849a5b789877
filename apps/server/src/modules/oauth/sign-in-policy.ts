import { interactionPolicy } from 'oidc-provider';
import { acrRequest, TWO_STEP_CHECK, wantsTwoStep } from './authorization-policy';

/**
 * The engine's prompts with one more reason to ask for a sign-in: the relying party asked for two
 * factors (acr_values) or requires them (its 'Require two-step verification'), and this session's
 * sign-in did not use two. The consent screen then asks for the second factor.
 */
export function signInPolicy() {
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(
    new interactionPolicy.Check(TWO_STEP_CHECK, 'two-step verification is required', (ctx) => {
      const { oidc } = ctx;
      const asked = acrRequest(oidc.params ?? {}).values.join(' ');
      const wanted = wantsTwoStep(asked, oidc.client?.require_two_step === true);
      return wanted && !oidc.session?.amr?.includes('mfa')
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }),
  );
  return policy;
}
