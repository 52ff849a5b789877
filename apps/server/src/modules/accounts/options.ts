import { RESEND_COOLDOWN_SECONDS } from '@omnia/contracts';
import type { RateRule } from '../ratelimit';

export interface AccountsOptions {
  verifyTokenTtlSeconds: number;
  resetTokenTtlSeconds: number;
  /** Refresh-token (session) lifetime, renewed on every refresh; also the cookie's Max-Age. */
  sessionTtlSeconds: number;
  /**
   * A just-rotated refresh token presented again within this window (a retry, two tabs refreshing
   * at once) gets the same successor it already had instead of revoking the session. Later reuse
   * revokes the session.
   */
  refreshReuseGraceSeconds: number;
  resendCooldownSeconds: number;
  /**
   * How often the workers take what a request queued to be answered as fast whatever the address:
   * forgot-password and resend requests (link-requests.ts: a link arrives within about this long)
   * and wrong passwords at sign-in (failed-sign-ins.ts: the owner's activity says so within it).
   */
  queuePollMs: number;
  limits: {
    loginFailuresPerAccount: RateRule;
    loginFailuresPerIp: RateRule;
    signupPerAddress: RateRule;
    signupPerIp: RateRule;
    resendPerAddress: RateRule;
    resendPerIp: RateRule;
    /** Changes of address to one address, whichever accounts ask (each mails that address). */
    emailChangePerTarget: RateRule;
    forgotPerAddress: RateRule;
    forgotPerIp: RateRule;
    resetPerIp: RateRule;
    /**
     * Verification links checked and used (a use may cost a password hash): per IP, as generous as
     * sign-ups, which each need one.
     */
    verifyPerIp: RateRule;
    /** Passkey sign-in options (a challenge row each), asked before anyone is known: per IP. */
    passkeyOptionsPerIp: RateRule;
  };
}

const MINUTE = 60;
const HOUR = 3600;

/** The per-address sign-up budget: `perHour` in any hour. */
export const signupsPerIp = (perHour: number): RateRule => ({ points: perHour, windowSeconds: HOUR });

/** Verification links checked and used per address: as generous as sign-ups, which each need one. */
export const verificationsPerIp = (signupsPerHour: number): RateRule => ({
  points: Math.max(200, 2 * signupsPerHour),
  windowSeconds: HOUR,
});

const DEFAULT_ACCOUNTS_OPTIONS: AccountsOptions = {
  verifyTokenTtlSeconds: 24 * HOUR,
  resetTokenTtlSeconds: HOUR,
  sessionTtlSeconds: 30 * 24 * HOUR,
  refreshReuseGraceSeconds: 10,
  resendCooldownSeconds: RESEND_COOLDOWN_SECONDS,
  queuePollMs: 1_000,
  limits: {
    loginFailuresPerAccount: { points: 5, windowSeconds: 15 * MINUTE },
    loginFailuresPerIp: { points: 30, windowSeconds: 15 * MINUTE },
    signupPerAddress: { points: 5, windowSeconds: HOUR },
    // Generous per IP: offices sign up many people from one address (SIGNUPS_PER_IP_PER_HOUR).
    signupPerIp: signupsPerIp(100),
    resendPerAddress: { points: 10, windowSeconds: HOUR },
    resendPerIp: { points: 60, windowSeconds: HOUR },
    emailChangePerTarget: { points: 5, windowSeconds: HOUR },
    forgotPerAddress: { points: 5, windowSeconds: HOUR },
    forgotPerIp: { points: 60, windowSeconds: HOUR },
    // Each attempt costs a password hash, valid token or not: counted before hashing.
    resetPerIp: { points: 60, windowSeconds: HOUR },
    verifyPerIp: verificationsPerIp(100),
    // The sign-in page asks on every load (passkey autofill): generous, but not without end.
    passkeyOptionsPerIp: { points: 120, windowSeconds: 15 * MINUTE },
  },
};

export type AccountsOptionsInput = Partial<Omit<AccountsOptions, 'limits'>> & {
  limits?: Partial<AccountsOptions['limits']>;
};

export function resolveAccountsOptions(input: AccountsOptionsInput = {}): AccountsOptions {
  return {
    ...DEFAULT_ACCOUNTS_OPTIONS,
    ...input,
    limits: { ...DEFAULT_ACCOUNTS_OPTIONS.limits, ...input.limits },
  };
}
