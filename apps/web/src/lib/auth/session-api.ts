import { API, type OkResponse } from '@omnia/contracts/api';
import type { AuthSession, LoginInput } from '@omnia/contracts/auth';
import { type LoginResponse, SIGN_IN_FACTOR_API } from '@omnia/contracts/factors';
import { api } from '@/lib/api';

/** The auth endpoints the store uses (the refresh token is an httpOnly cookie the page never sees). */
export const sessionApi = {
  login: (input: LoginInput) => api<LoginResponse>(API.auth.login, { body: input, auth: false }),
  /** The second step of a sign-in (the half-signed-in cookie goes with it). */
  twoStep: (kind: 'totp' | 'recovery', code: string) =>
    api<AuthSession>(SIGN_IN_FACTOR_API[kind], { body: { code }, auth: false }),
  refresh: () => api<AuthSession>(API.auth.refresh, { method: 'POST', auth: false }),
  logout: () => api<OkResponse | undefined>(API.auth.logout, { method: 'POST', auth: false }),
};
