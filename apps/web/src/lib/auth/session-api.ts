import { API, type OkResponse } from '@omnia/contracts/api';
import type { AuthSession, LoginInput } from '@omnia/contracts/auth';
import { api } from '@/lib/api';

/** The auth endpoints the store uses (the refresh token is an httpOnly cookie the page never sees). */
export const sessionApi = {
  login: (input: LoginInput) => api<AuthSession>(API.auth.login, { body: input, auth: false }),
  refresh: () => api<AuthSession>(API.auth.refresh, { method: 'POST', auth: false }),
  logout: () => api<OkResponse | undefined>(API.auth.logout, { method: 'POST', auth: false }),
};
