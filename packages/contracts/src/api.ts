/**
 * The HTTP contract between the web app and the server: paths and response shapes. Request bodies
 * are the zod schemas of auth.ts, profile.ts and developer.ts. Every error answers `ApiErrorBody`
 * (errors.ts). Routes marked (Bearer) need `Authorization: Bearer <access_token>`; routes under
 * /api/me also need a verified e-mail (else 403 email_not_confirmed).
 */
import type { AuthUser } from './auth';
import type { Interest, Preferences, Profile } from './profile';

export const API = {
  auth: {
    /** POST signUpSchema → 201 SignUpResponse. Sends the verification e-mail. */
    signup: '/api/auth/signup',
    /** POST resendSchema → 200 OkResponse; 429 resend_cooldown (retryAfterSeconds) within 60 s. */
    resend: '/api/auth/resend',
    /**
     * POST verifyEmailSchema → 200 VerifyEmailResponse: uses the verification link (its page,
     * /auth/callback?token=, posts here when the person presses the button; opening a link changes
     * nothing). The browser that signed up (or resent: it holds their httpOnly nonce cookie) is
     * signed in (refresh cookie set); any other browser must send a new password, which replaces the
     * account's, and is not signed in (400 verify_password_required without one). Either way every
     * other session of the account ends. 400 invalid_token for a used, replaced or expired link.
     * GET ?token= (links mailed before) answers 303 to that page.
     */
    verify: '/api/auth/verify',
    /** POST emailLinkSchema → 200 VerifyLinkResponse: the link's state, without using it; 429 rate_limited. */
    verifyCheck: '/api/auth/verify/check',
    /**
     * POST emailLinkSchema → 200 OkResponse: the new address's link of an e-mail change (its page,
     * /auth/confirm-email?token=, posts here); 400 invalid_token; 409 email_taken.
     */
    confirmEmail: '/api/auth/confirm-email',
    /**
     * POST emailLinkSchema → 200 CancelEmailChangeResponse: the old address's link, which cancels the
     * change (its page, /auth/cancel-email-change?token=, posts here), ends every session and hands
     * back a reset token for a new password; 400 invalid_token.
     */
    cancelEmailChange: '/api/auth/cancel-email-change',
    /** POST loginSchema → 200 AuthSession + refresh cookie; 400 invalid_credentials; 429 rate_limited. */
    login: '/api/auth/login',
    /**
     * POST (refresh cookie) → 200 AuthSession with a rotated cookie; 401 session_expired when the
     * cookie no longer works (every cookie of it cleared); 204 with no cookie at all (no session).
     */
    refresh: '/api/auth/refresh',
    /** POST (refresh cookie) → 204; revokes the session and clears the cookie. */
    logout: '/api/auth/logout',
    /** POST forgotPasswordSchema → 200 OkResponse whether or not the address has an account. */
    forgot: '/api/auth/forgot-password',
    /** POST resetPasswordSchema → 200 OkResponse; signs out every session; 400 invalid_token. */
    reset: '/api/auth/reset-password',
    /**
     * POST resetLinkSchema → 200 ResetLinkResponse: whether a reset link can still be used, without
     * using it (valid, expired, used or invalid); 429 rate_limited.
     */
    resetCheck: '/api/auth/reset-password/check',
    /** POST changePasswordSchema (Bearer) → 200 OkResponse; 400 wrong_password. */
    changePassword: '/api/auth/change-password',
    /**
     * POST reauthenticateSchema (Bearer) → 200 OkResponse: the password again, which makes the
     * current session's sign-in fresh (OpenID Connect prompt=login and max_age); 400
     * wrong_password; 429 rate_limited (wrong guesses count like failed logins).
     */
    reauthenticate: '/api/auth/reauthenticate',
  },
  me: {
    /** GET (Bearer) → Profile. PUT identitySchema → Profile; 409 username_taken. */
    profile: '/api/me/profile',
    /** POST multipart field `file` (Bearer) → AvatarResponse; 415/413/400 for bad images. */
    avatar: '/api/me/avatar',
    /** GET (Bearer) → Preferences (default row created). PUT preferencesSchema → Preferences. */
    preferences: '/api/me/preferences',
    /** GET (Bearer) → InterestsResponse. PUT { interests: string[] (names) } → InterestsResponse. */
    interests: '/api/me/interests',
    /** GET (Bearer) → ClaimsResponse. POST { slug } → ClaimResponse; 409 service_unavailable. */
    claims: '/api/me/claims',
    /** GET (Bearer) → SessionLogsResponse, newest first. */
    sessionLogs: '/api/me/session-logs',
    /**
     * DELETE deleteAccountSchema (Bearer; a fresh second factor when the account has one) → 204:
     * the account and everything of it (docs/security.md, Deleting an account).
     */
    account: '/api/me/account',
    /**
     * POST changeEmailSchema (Bearer, verified; password, and a fresh second factor when the account
     * has one) → 202 OkResponse whether or not the address has an account. GET →
     * PendingEmailChangeResponse: the change waiting for its confirmation link, if any. DELETE →
     * 204: cancels it (its link stops working); 404 when none waits.
     */
    emailChange: '/api/me/account/email',
    /**
     * GET (Bearer) → NotificationsResponse (notifications.ts): the newest notices first, with the
     * unread count.
     */
    notifications: '/api/me/notifications',
    /**
     * POST (Bearer) → NotificationsReadResponse: marks one of the caller's notices read (again is
     * fine); 404 not_found for anyone else's.
     */
    notificationRead: (id: string) => `/api/me/notifications/${encodeURIComponent(id)}/read`,
    /** POST (Bearer) → NotificationsReadResponse: marks every notice of the caller read. */
    notificationsReadAll: '/api/me/notifications/read-all',
  },
  /** GET ?username= (Bearer) → UsernameAvailabilityResponse; the caller's own username is available. */
  usernameAvailable: '/api/profiles/username-available',
  /** GET → InterestsResponse, ordered by name. */
  interests: '/api/interests',
  /** GET → ServicesResponse. */
  services: '/api/services',
} as const;

export interface OkResponse {
  ok: true;
}
/** A reset link's state: usable, past its hour, already used (or retired by a newer password), unknown. */
export type ResetLinkState = 'valid' | 'expired' | 'used' | 'invalid';
export interface ResetLinkResponse {
  state: ResetLinkState;
}
/** A verification link, read without using it: its state, its address, and whether this browser asked for it. */
export interface VerifyLinkResponse {
  state: ResetLinkState;
  /** The address it verifies (null for an unknown link). */
  email: string | null;
  /** This browser signed up (or asked for the link): pressing the button signs it in. */
  same_browser: boolean;
}
export interface VerifyEmailResponse {
  /** This browser was signed in (the refresh cookie is set); otherwise sign in with the new password. */
  signed_in: boolean;
}
/** What cancelling an e-mail change did. */
export interface CancelEmailChangeResponse {
  /** The account's address is the old one again (false: the old one has since been taken by a verified account). */
  restored: boolean;
  /** The account's address now (to sign in with). */
  email: string;
  /** A single-use reset token (1 hour) for the page's 'Set a new password' form. */
  reset_token: string;
}
/** A change of address waiting for the new address's link. */
export interface PendingEmailChangeResponse {
  pending: { new_email: string; requested_at: string; expires_at: string } | null;
}
export interface SignUpResponse {
  user: AuthUser;
}
export interface AvatarResponse {
  avatar_url: string;
}
export interface InterestsResponse {
  interests: Interest[];
}
export interface UsernameAvailabilityResponse {
  available: boolean;
}
export interface ClaimsResponse {
  /** Slugs of the services this account has claimed. */
  claims: string[];
}
export interface ClaimResponse {
  claims: string[];
  /** True when the service was already claimed before this call. */
  alreadyClaimed: boolean;
}
export interface SessionLog {
  id: string;
  device: 'iOS' | 'Android' | 'Windows' | 'Mac' | 'Unknown';
  os: 'Windows' | 'macOS' | 'Linux' | 'Android' | 'iOS' | 'Unknown';
  /** 'Chrome', 'Firefox'…; null when the User-Agent names none (or for sign-ins from before). */
  browser: string | null;
  user_agent: string;
  ip: string | null;
  created_at: string;
}
export interface SessionLogsResponse {
  logs: SessionLog[];
}
export type { Interest, Preferences, Profile };

/** The query parameter that tells the sign-in page a verification link was just used elsewhere. */
export const VERIFIED_PARAM = 'verified';
/** Where a verification link opened in another browser lands: sign-in, with a notice. */
export const VERIFIED_SIGN_IN_URL = `/login?${VERIFIED_PARAM}=1`;
