import {
  API,
  type CancelEmailChangeResponse,
  type OkResponse,
  type ResetLinkResponse,
  type SignUpResponse,
  type VerifyEmailResponse,
  type VerifyLinkResponse,
} from '@omnia/contracts/api';
import type { AuthSession, LoginInput, SignUpInput } from '@omnia/contracts/auth';
import type { Language, Theme } from '@omnia/contracts/constants';
import type { RecoveryRequestResponse } from '@omnia/contracts/factors';
import type { SecondStepCode } from '@omnia/contracts/sign-in';
import { type LoginResponse, SIGN_IN_FACTOR_API } from '@omnia/contracts/sign-in';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { useAuth, withSessionLock } from '@/lib/auth';
import { myInterestsQuery, saveInterests } from '@/lib/interests';
import type { Reactions } from '@/lib/mutations';
import { preferencesQuery, savePreferences } from '@/lib/profile';

const signUp = (input: SignUpInput) => api<SignUpResponse>(API.auth.signup, { body: input, auth: false });

const requestPasswordReset = (email: string) =>
  api<OkResponse>(API.auth.forgot, { body: { email }, auth: false });

const resetPassword = (token: string, password: string) =>
  api<OkResponse>(API.auth.reset, { body: { token, password }, auth: false });

/** Whether a reset link can still be used (asking does not use it up). */
const checkResetLink = (token: string) =>
  api<ResetLinkResponse>(API.auth.resetCheck, { body: { token }, auth: false });

/** Every second step lost: two-step turns off in seven days unless cancelled (the half-signed-in cookie). */
const requestFactorRecovery = () =>
  api<RecoveryRequestResponse>(SIGN_IN_FACTOR_API.recoveryRequest, { method: 'POST', body: {}, auth: false });

/** What a verification link can do in this browser (asking does not use it up). */
const checkVerifyLink = (token: string) =>
  api<VerifyLinkResponse>(API.auth.verifyCheck, { body: { token }, auth: false });

/** The verification page's button: signs this browser in, or (another browser) sets the password. */
const verifyEmail = (token: string, password?: string) =>
  withSessionLock(() =>
    api<VerifyEmailResponse>(API.auth.verify, {
      body: password === undefined ? { token } : { token, password },
      auth: false,
    }),
  );

/** The new address's link: the change is made. */
const confirmEmailChange = (token: string) =>
  api<OkResponse>(API.auth.confirmEmail, { body: { token }, auth: false });

/** The old address's link: the change is cancelled and the account secured. */
const cancelEmailChange = (token: string) =>
  withSessionLock(() =>
    api<CancelEmailChangeResponse>(API.auth.cancelEmailChange, { body: { token }, auth: false }),
  );

const resendVerification = (email: string) =>
  api<OkResponse>(API.auth.resend, { body: { email }, auth: false });

/** The engine's logout confirmation (oidc-provider's end_session_confirm, under /oauth2). */
const CONFIRM_SIGN_OUT = '/oauth2/logout/confirm';

/**
 * Answers the engine's logout question; returns where the browser goes next (the application's
 * post-logout URI or our signed-out page), or undefined when the request has expired. Asked for
 * JSON: a form post could not follow the engine's redirect to the application under our CSP.
 */
async function confirmSignOut(xsrf: string, logout: boolean): Promise<string | undefined> {
  const body = new URLSearchParams({ xsrf });
  if (logout) body.set('logout', 'yes');
  try {
    const answer = await api<{ redirect_to?: unknown } | null>(CONFIRM_SIGN_OUT, { body, auth: false });
    return typeof answer?.redirect_to === 'string' ? answer.redirect_to : undefined;
  } catch (err) {
    // The engine refuses a used or unknown question (4xx); anything else (no network, a server
    // error) is not an expiry: the same question can be answered again.
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return undefined;
    throw err;
  }
}

/** Asked once per link: whether a reset link can still be used (a failed check leaves it to the reset). */
export const resetLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked once per link: what a verification link can do in this browser. */
export const verifyLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['verify-link', token],
    queryFn: () => checkVerifyLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSignUp = () => useMutation({ mutationFn: signUp });

// A sign-in's steps are the auth context's (each ends in a session it keeps); these give them to
// the sign-in screens as mutations.

/** The password step: a session, or the second steps the account asks for. */
export function useSignIn(reactions?: Reactions<LoginResponse, LoginInput>) {
  const { signIn } = useAuth();
  return useMutation({ ...reactions, mutationFn: signIn });
}

/** A passkey instead of the password (the button; the autofill offer calls the context itself). */
export function useSignInWithPasskey(reactions?: Reactions<AuthSession>) {
  const { signInWithPasskey } = useAuth();
  return useMutation({ ...reactions, mutationFn: () => signInWithPasskey() });
}

/** The second step by a code: the authenticator's, or a recovery code. */
export function useCompleteTwoStep(kind: SecondStepCode, reactions?: Reactions<AuthSession, string>) {
  const { completeTwoStep } = useAuth();
  return useMutation({ ...reactions, mutationFn: (code: string) => completeTwoStep(kind, code) });
}

/** The second step by a passkey. */
export function useCompleteTwoStepWithPasskey(reactions?: Reactions<AuthSession>) {
  const { completeTwoStepWithPasskey } = useAuth();
  return useMutation({ ...reactions, mutationFn: completeTwoStepWithPasskey });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

export const useResetPassword = () =>
  useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => resetPassword(token, password),
  });

export const useRequestFactorRecovery = (reactions?: Reactions<RecoveryRequestResponse>) =>
  useMutation({ ...reactions, mutationFn: requestFactorRecovery });

/** The verification page's button: signs the browser that signed up in, or anywhere else sets the password. */
export const useVerifyEmail = (
  token: string,
  reactions?: Reactions<VerifyEmailResponse, string | undefined>,
) => useMutation({ ...reactions, mutationFn: (password?: string) => verifyEmail(token, password) });

export const useResendVerification = (reactions?: Reactions<OkResponse, string>) =>
  useMutation({ ...reactions, mutationFn: resendVerification });

export const useConfirmEmailChange = (token: string, reactions?: Reactions<OkResponse>) =>
  useMutation({ ...reactions, mutationFn: () => confirmEmailChange(token) });

export const useCancelEmailChange = (token: string, reactions?: Reactions<CancelEmailChangeResponse>) =>
  useMutation({ ...reactions, mutationFn: () => cancelEmailChange(token) });

/** Answers the sign-out question; resolves with where the browser goes next, or fails when expired. */
export const useConfirmSignOut = (reactions?: Reactions<string, { xsrf: string; logout: boolean }>) =>
  useMutation({
    ...reactions,
    mutationFn: async ({ xsrf, logout }: { xsrf: string; logout: boolean }) => {
      const next = await confirmSignOut(xsrf, logout);
      if (!next) throw new Error('the sign-out request has expired');
      return next;
    },
  });

/** Setup's choices: preferences, then interests (whose failure is only logged, as the SPEC says). */
export function useSaveSetup(userId: string | undefined, reactions?: Reactions<void, SetupChoices>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (input: SetupChoices) => {
      const saved = await savePreferences({ theme: input.theme, language: input.language });
      queryClient.setQueryData(preferencesQuery(userId).queryKey, saved);
      try {
        queryClient.setQueryData(myInterestsQuery(userId).queryKey, await saveInterests(input.interests));
      } catch (err) {
        console.error('storing interests failed', err);
      }
    },
  });
}

interface SetupChoices {
  theme: Theme;
  language: Language;
  interests: string[];
}
