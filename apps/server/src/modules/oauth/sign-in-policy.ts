import { interactionPolicy } from 'oidc-provider';
import {
  acrRequest,
  asksAtThisRedirect,
  claimOfScopes,
  TWO_STEP_CHECK,
  wantsTwoStep,
} from './authorization-policy';

/**
 * The engine's prompts with one more reason to ask for a sign-in: the relying party asked for two
 * factors (acr_values, or an essential acr claim) or requires them (its 'Require two-step
 * verification'), and this session's sign-in did not use two. The consent screen then asks for the
 * second factor.
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
  // The engine asks again for any claim the `claims` parameter names and the grant has not met.
  // A claim of a scope the app may not have is never given (requestedClaims), so it is never
  // missing either: otherwise the screen would be asked for it forever.
  const consent = policy.get('consent');
  const engineCheck = consent?.checks.get(CLAIMS_CHECK);
  if (consent && engineCheck) {
    const at = consent.checks.indexOf(engineCheck);
    consent.checks.remove(CLAIMS_CHECK);
    consent.checks.add(
      new interactionPolicy.Check(CLAIMS_CHECK, "requested claims of the app's scopes not granted", (ctx) => {
        const { oidc } = ctx;
        const mayHave = String(oidc.client?.scope ?? '').split(' ');
        const met = new Set(oidc.grant?.getOIDCClaimsEncountered() ?? []);
        const missing = [...oidc.requestParamClaims].filter(
          (claim) => !ALWAYS_ANSWERED.has(claim) && claimOfScopes(claim, mayHave) && !met.has(claim),
        );
        return missing.length
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      }),
      at,
    );
  }
  // A public app's code sent to the person's own machine: the person decides every time, as the
  // engine's own check before it does for native apps (asksAtThisRedirect).
  const nativeAt = consent?.checks.findIndex((check) => check.reason === NATIVE_CHECK) ?? -1;
  consent?.checks.add(
    new interactionPolicy.Check(
      LOOPBACK_CHECK,
      "a public client's loopback redirect requires End-User consent",
      'consent_required',
      (ctx) => {
        const { oidc } = ctx;
        const isPublic = oidc.client?.clientAuthMethod === 'none';
        return asksAtThisRedirect(isPublic, oidc.params?.redirect_uri) && !oidc.result?.consent
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
    nativeAt + 1,
  );
  return policy;
}

/** The engine's consent check for native clients, by its documented name; ours follows it. */
const NATIVE_CHECK = 'native_client_prompt';
/** Our consent check for a public client's loopback redirect URI. */
const LOOPBACK_CHECK = 'loopback_public_client';

/** The engine's consent check for the `claims` parameter, by its documented name (sign-in-policy.test.ts). */
const CLAIMS_CHECK = 'op_claims_missing';
/** Claims the engine always answers, never asked for consent. */
const ALWAYS_ANSWERED = new Set(['sub', 'sid', 'auth_time', 'acr', 'amr', 'iss']);
