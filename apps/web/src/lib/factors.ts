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
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Reactions } from '@/lib/mutations';
import { accountKey } from '@/lib/query-keys';

/** Runs a sensitive action, asking 'Confirm it's you' first when the server wants it (useStepUp). */
export type WithStepUp = <T>(action: () => Promise<T>, options?: { always?: boolean }) => Promise<T>;

/** The account's second factors (Settings → Security, and which proof 'Confirm it's you' asks for). */
export const factorsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...accountKey(userId), 'factors'],
    queryFn: () => api<FactorsOverview>(FACTORS_API.overview),
    enabled: Boolean(userId),
  });

const setupTotp = () => api<TotpSetup>(FACTORS_API.totpSetup, { method: 'POST', body: {} });
const verifyTotp = (code: string) => api<FactorAdded>(FACTORS_API.totpVerify, { body: { code } });
const removeTotp = () => api<void>(FACTORS_API.totp, { method: 'DELETE' });
const keepTwoStep = () => api<void>(FACTORS_API.keep, { method: 'POST', body: {} });
const regenerateRecoveryCodes = () =>
  api<RecoveryCodesResponse>(FACTORS_API.recoveryCodes, { method: 'POST', body: {} });

/**
 * A new passkey: the options, the browser's own dialog (loaded on demand), the credential, named
 * by `nameFor` after the kind of authenticator that made it.
 */
async function addPasskey(nameFor?: (attachment: string | undefined) => string) {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>(FACTORS_API.passkeyOptions, {
    method: 'POST',
    body: {},
  });
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  const name = nameFor?.(response.authenticatorAttachment);
  return (await api<{ passkey: Passkey }>(FACTORS_API.passkeys, { body: { response, name } })).passkey;
}
const renamePasskey = async (id: string, name: string) =>
  (await api<{ passkey: Passkey }>(FACTORS_API.passkey(id), { method: 'PATCH', body: { name } })).passkey;
const removePasskey = (id: string) => api<void>(FACTORS_API.passkey(id), { method: 'DELETE' });

/** 'Confirm it's you' with one of the account's passkeys (the browser's dialog). */
async function confirmWithPasskey() {
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
const confirmItsYou = (input: StepUpInput) => api<OkResponse>(API.auth.reauthenticate, { body: input });

/** 'Confirm it's you' by what the person typed (the password, or a code). */
export const useConfirmItsYou = () => useMutation({ mutationFn: confirmItsYou });

/** 'Confirm it's you' with a passkey; NotAllowedError when the person closes the browser's dialog. */
export const useConfirmWithPasskey = () => useMutation({ mutationFn: confirmWithPasskey });

/**
 * The authenticator app's first code: two-step is on (with recovery codes when it is the first
 * factor). Behind 'Confirm it's you' again when the confirmation that started the setup ran out.
 */
export const useVerifyTotp = (withStepUp: WithStepUp) =>
  useMutation({ mutationFn: (code: string) => withStepUp(() => verifyTotp(code)) });

/** Renaming asks 'Confirm it's you' first when the sign-in is not fresh, as adding and removing do. */
export const useRenamePasskey = (withStepUp: WithStepUp) =>
  useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => withStepUp(() => renamePasskey(id, name)),
  });

/** A change of the account's second factors; the overview is read again after it. */
function useFactorsChange<TData, TVariables = void>(
  userId: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  reactions?: Reactions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: factorsQuery(userId).queryKey });
      return reactions?.onSuccess?.(...args);
    },
  });
}

/** Set up: a new secret (pending until its first code), behind 'Confirm it's you'. */
export const useSetupTotp = (withStepUp: WithStepUp, reactions?: Reactions<TotpSetup>) =>
  useMutation({ ...reactions, mutationFn: () => withStepUp(setupTotp) });

/** Turn off: it confirms it's you every time, however fresh the sign-in. */
export const useTurnOffTotp = (userId: string, withStepUp: WithStepUp, reactions?: Reactions<void>) =>
  useFactorsChange(userId, () => withStepUp(removeTotp, { always: true }), reactions);

/** Cancelling a recovery request only keeps the account safer: no 'Confirm it's you'. */
export const useKeepTwoStep = (userId: string, reactions?: Reactions<void>) =>
  useFactorsChange(userId, keepTwoStep, reactions);

export const useRegenerateRecoveryCodes = (
  userId: string,
  withStepUp: WithStepUp,
  reactions?: Reactions<RecoveryCodesResponse>,
) => useFactorsChange(userId, () => withStepUp(regenerateRecoveryCodes), reactions);

/** Add a passkey (named by `nameFor` after its kind of authenticator), behind 'Confirm it's you'. */
export const useAddPasskey = (
  withStepUp: WithStepUp,
  nameFor: (attachment: string | undefined) => string,
  reactions?: Reactions<Passkey>,
) => useMutation({ ...reactions, mutationFn: () => withStepUp(() => addPasskey(nameFor)) });

export const useRemovePasskey = (withStepUp: WithStepUp, reactions?: Reactions<void, string>) =>
  useMutation({ ...reactions, mutationFn: (id: string) => withStepUp(() => removePasskey(id)) });
