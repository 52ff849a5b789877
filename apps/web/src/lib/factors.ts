import { API, type OkResponse } from '@omnia/contracts/api';
import {
  FACTORS_API,
  type FactorAdded,
  type FactorsOverview,
  type Passkey,
  type RecoveryCodesResponse,
  SIGN_IN_FACTOR_API,
  type StepUpInput,
  type TotpSetup,
} from '@omnia/contracts/factors';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { accountKey } from '@/lib/query-keys';

/** The account's second factors (Settings → Security, and which proof 'Confirm it's you' asks for). */
export const factorsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'factors'],
    queryFn: () => api<FactorsOverview>(FACTORS_API.overview),
    enabled: Boolean(userId),
  });

export const setupTotp = () => api<TotpSetup>(FACTORS_API.totpSetup, { method: 'POST', body: {} });
export const verifyTotp = (code: string) => api<FactorAdded>(FACTORS_API.totpVerify, { body: { code } });
export const removeTotp = () => api<void>(FACTORS_API.totp, { method: 'DELETE' });
export const keepTwoStep = () => api<void>(FACTORS_API.keep, { method: 'POST', body: {} });
export const regenerateRecoveryCodes = () =>
  api<RecoveryCodesResponse>(FACTORS_API.recoveryCodes, { method: 'POST', body: {} });

/**
 * A new passkey: the options, the browser's own dialog (loaded on demand), the credential, named
 * by `nameFor` after the kind of authenticator that made it.
 */
export async function addPasskey(nameFor?: (attachment: string | undefined) => string) {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>(FACTORS_API.passkeyOptions, {
    method: 'POST',
    body: {},
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  const name = nameFor?.(response.authenticatorAttachment);
  return (await api<{ passkey: Passkey }>(FACTORS_API.passkeys, { body: { response, name } })).passkey;
}
export const renamePasskey = async (id: string, name: string) =>
  (await api<{ passkey: Passkey }>(FACTORS_API.passkey(id), { method: 'PATCH', body: { name } })).passkey;
export const removePasskey = (id: string) => api<void>(FACTORS_API.passkey(id), { method: 'DELETE' });

/** 'Confirm it's you' with one of the account's passkeys (the browser's dialog). */
export async function confirmWithPasskey() {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    SIGN_IN_FACTOR_API.reauthPasskeyOptions,
    {
      method: 'POST',
      body: {},
    },
  );
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  return confirmItsYou({ passkey: response as unknown as Record<string, unknown> });
}

/** 'Confirm it's you': the password, or with a second factor, a code. */
export const confirmItsYou = (input: StepUpInput) =>
  api<OkResponse>(API.auth.reauthenticate, { body: input });
