import { API, type OkResponse } from '@omnia/contracts/api';
import {
  FACTORS_API,
  type FactorAdded,
  type FactorsOverview,
  type RecoveryCodesResponse,
  type StepUpInput,
  type TotpSetup,
} from '@omnia/contracts/factors';
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

/** 'Confirm it's you': the password, or with a second factor, a code. */
export const confirmItsYou = (input: StepUpInput) =>
  api<OkResponse>(API.auth.reauthenticate, { body: input });
