import { API, type OkResponse } from '@omnia/contracts/api';
import type { AuthSession, LoginInput } from '@omnia/contracts/auth';
import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { type LoginResponse, SIGN_IN_FACTOR_API } from '@omnia/contracts/sign-in';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '@/lib/api';

/**
 * Runs a request that sets or clears the session's cookie one at a time across this browser's
 * tabs: the refresh token rotates on every use, and a refused refresh clears the cookie, so its
 * answer must not land after another tab's sign-in and take that one's cookie with it.
 * Not reentrant: what runs inside must not ask for it again.
 */
export const withSessionLock = <T>(run: () => Promise<T>): Promise<T> =>
  navigator.locks ? navigator.locks.request('omnia-session', run) : run();

/** The auth endpoints the store uses (the refresh token is an httpOnly cookie the page never sees). */
export const sessionApi = {
  login: (input: LoginInput) =>
    withSessionLock(() => api<LoginResponse>(API.auth.login, { body: input, auth: false })),
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
    return withSessionLock(() =>
      api<AuthSession>(SIGN_IN_FACTOR_API.passkeySignIn, { body: { response }, auth: false }),
    );
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
    return withSessionLock(() =>
      api<AuthSession>(SIGN_IN_FACTOR_API.passkey, { body: { response }, auth: false }),
    );
  },
  /** The second step of a sign-in (the half-signed-in cookie goes with it). */
  twoStep: (kind: SecondStepCode, code: string) =>
    withSessionLock(() => api<AuthSession>(SIGN_IN_FACTOR_API[kind], { body: { code }, auth: false })),
  /**
   * The session, or null when this browser holds none (the server answers 204, not an error).
   * The caller holds the session lock (it reads the tab's session inside it).
   */
  refresh: async () =>
    (await api<AuthSession | undefined>(API.auth.refresh, { method: 'POST', auth: false })) ?? null,
  logout: () =>
    withSessionLock(() => api<OkResponse | undefined>(API.auth.logout, { method: 'POST', auth: false })),
};
