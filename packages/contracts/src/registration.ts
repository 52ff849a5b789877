import { z } from 'zod';
import { rule } from './messages';

/**
 * Dynamic client registration (RFC 7591, RFC 7592): a developer makes an initial access token in
 * the Developer Program; a tool registers apps with it at REGISTRATION_ENDPOINT (they start as the
 * console's do: pending, owned by that developer); each registration's access token reads,
 * updates and deletes its app.
 */
export const REGISTRATION_ENDPOINT = '/oauth2/register';

export const REGISTRATION_TOKENS_API = {
  /** GET (Bearer) → RegistrationTokensResponse; POST createRegistrationTokenSchema (a fresh sign-in) → 201 RegistrationTokenCreated. */
  tokens: '/api/developer/registration-tokens',
  /** DELETE (Bearer, a fresh sign-in) → 204: the token registers nothing more; apps it registered stay. */
  token: (id: string) => `/api/developer/registration-tokens/${encodeURIComponent(id)}`,
  /**
   * GET (Bearer, a manager of the app) → AppRegistrationResponse: whether a tool registered the
   * app and its registration access token still works; DELETE (a fresh sign-in) → 204: it stops.
   */
  appRegistration: (appId: string) => `/api/developer/clients/${encodeURIComponent(appId)}/registration`,
} as const;

export interface AppRegistrationResponse {
  /** When a tool registered the app, while its registration access token works; null otherwise. */
  registered_at: string | null;
}

/** How long an initial access token lasts. */
export const REGISTRATION_TOKEN_LIFETIMES = { '1d': 1, '7d': 7, '30d': 30 } as const;
/** How many apps one token may register. */
export const REGISTRATION_TOKEN_MAX_USES = 20;
/** Live tokens a developer may hold at once. */
export const REGISTRATION_TOKENS_PER_DEVELOPER = 10;

export const createRegistrationTokenSchema = z.object({
  label: z.string().trim().min(1, rule('registrationTokenLabelRequired')).max(100),
  lifetime: z.enum(['1d', '7d', '30d']),
  max_uses: z.number().int().min(1).max(REGISTRATION_TOKEN_MAX_USES),
});
export type CreateRegistrationTokenInput = z.input<typeof createRegistrationTokenSchema>;

export interface RegistrationToken {
  id: string;
  label: string;
  created_at: string;
  expires_at: string;
  /** Apps it registered so far, and how many it may. */
  uses: number;
  max_uses: number;
  last_used_at: string | null;
}
export interface RegistrationTokensResponse {
  tokens: RegistrationToken[];
}
/** The token itself, shown once. */
export interface RegistrationTokenCreated extends RegistrationToken {
  token: string;
}
