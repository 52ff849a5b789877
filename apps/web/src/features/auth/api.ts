import {
  API,
  type CancelEmailChangeResponse,
  type OkResponse,
  type ResetLinkResponse,
  type SignUpResponse,
  type VerifyEmailResponse,
  type VerifyLinkResponse,
} from '@omnia/contracts/api';
import type { SignUpInput } from '@omnia/contracts/auth';
import type { RecoveryRequestResponse } from '@omnia/contracts/factors';
import { SIGN_IN_FACTOR_API } from '@omnia/contracts/sign-in';
import { api } from '@/lib/api';

export const signUp = (input: SignUpInput) =>
  api<SignUpResponse>(API.auth.signup, { body: input, auth: false });

export const requestPasswordReset = (email: string) =>
  api<OkResponse>(API.auth.forgot, { body: { email }, auth: false });

export const resetPassword = (token: string, password: string) =>
  api<OkResponse>(API.auth.reset, { body: { token, password }, auth: false });

/** Whether a reset link can still be used (asking does not use it up). */
export const checkResetLink = (token: string) =>
  api<ResetLinkResponse>(API.auth.resetCheck, { body: { token }, auth: false });

/** Every second step lost: two-step turns off in seven days unless cancelled (the half-signed-in cookie). */
export const requestFactorRecovery = () =>
  api<RecoveryRequestResponse>(SIGN_IN_FACTOR_API.recoveryRequest, { method: 'POST', body: {}, auth: false });

/** What a verification link can do in this browser (asking does not use it up). */
export const checkVerifyLink = (token: string) =>
  api<VerifyLinkResponse>(API.auth.verifyCheck, { body: { token }, auth: false });

/** The verification page's button: signs this browser in, or (another browser) sets the password. */
export const verifyEmail = (token: string, password?: string) =>
  api<VerifyEmailResponse>(API.auth.verify, {
    body: password === undefined ? { token } : { token, password },
    auth: false,
  });

/** The new address's link: the change is made. */
export const confirmEmailChange = (token: string) =>
  api<OkResponse>(API.auth.confirmEmail, { body: { token }, auth: false });

/** The old address's link: the change is cancelled and the account secured. */
export const cancelEmailChange = (token: string) =>
  api<CancelEmailChangeResponse>(API.auth.cancelEmailChange, { body: { token }, auth: false });

export const resendVerification = (email: string) =>
  api<OkResponse>(API.auth.resend, { body: { email }, auth: false });

/** The engine's logout confirmation (oidc-provider's end_session_confirm, under /oauth2). */
const CONFIRM_SIGN_OUT = '/oauth2/logout/confirm';

/**
 * Answers the engine's logout question; returns where the browser goes next (the application's
 * post-logout URI or our signed-out page), or undefined when the request has expired. Asked for
 * JSON: a form post could not follow the engine's redirect to the application under our CSP.
 */
export async function confirmSignOut(xsrf: string, logout: boolean): Promise<string | undefined> {
  const body = new URLSearchParams({ xsrf });
  if (logout) body.set('logout', 'yes');
  try {
    const answer = await api<{ redirect_to?: unknown } | null>(CONFIRM_SIGN_OUT, { body, auth: false });
    return typeof answer?.redirect_to === 'string' ? answer.redirect_to : undefined;
  } catch {
    return undefined;
  }
}
