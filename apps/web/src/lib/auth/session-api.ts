import { API, type OkResponse } from '@omnia/contracts/api';
import type { AuthSession, LoginInput } from '@omnia/contracts/auth';
import { type LoginResponse, SIGN_IN_FACTOR_API } from '@omnia/contracts/sign-in';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api';

/** The auth endpoints the store uses (the refresh token is an httpOnly cookie the page never sees). */
export const sessionApi = {
  login: (input: LoginInput) => api<LoginResponse>(API.auth.login, { body: input, auth: false }),
  /** A passkey sign-in: the options, the browser's own dialog (loaded on demand), the assertion. */
  async passkey(autofill = false) {
    const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
      SIGN_IN_FACTOR_API.passkeySignInOptions,
      {
        method: 'POST',
        body: {},
        auth: false,
      },
    );
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
    return api<AuthSession>(SIGN_IN_FACTOR_API.passkeySignIn, { body: { response }, auth: false });
  },
  /** The second step with one of the account's passkeys (the half-signed-in cookie goes with it). */
  async twoStepPasskey() {
    const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(SIGN_IN_FACTOR_API.passkeyOptions, {
      method: 'POST',
      body: {},
      auth: false,
    });
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const response = await startAuthentication({ optionsJSON });
    return api<AuthSession>(SIGN_IN_FACTOR_API.passkey, { body: { response }, auth: false });
  },
  /** The second step of a sign-in (the half-signed-in cookie goes with it). */
  twoStep: (kind: 'totp' | 'recovery', code: string) =>
    api<AuthSession>(SIGN_IN_FACTOR_API[kind], { body: { code }, auth: false }),
  /** The session, or null when this browser holds none (the server answers 204, not an error). */
  refresh: async () =>
    (await api<AuthSession | undefined>(API.auth.refresh, { method: 'POST', auth: false })) ?? null,
  logout: () => api<OkResponse | undefined>(API.auth.logout, { method: 'POST', auth: false }),
};
