/**
 * The site's static information pages (the landing footer's Company and Legal links): public, the
 * same for every visitor, so they can be pre-rendered, and they are known web routes (not a 404).
 */
export const PUBLIC_PAGES = [
  '/about',
  '/careers',
  '/blog',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Every cookie the server sets, as the Cookies page lists it: all are HttpOnly (page script never
 * reads them), and Secure when PUBLIC_URL is https. e2e/pages/footer-pages.spec.ts compares the
 * list with the cookies Chromium is sent through a sign-up, a sign-in and an authorization.
 */
export interface SiteCookie {
  name: string;
  path: string;
  sameSite: 'Strict' | 'Lax';
  /** How long it lives, in seconds. */
  maxAgeSeconds: number;
  /** What sets it: Omnia's accounts, or the OAuth engine (authorizing an app). */
  setBy: 'accounts' | 'engine';
  /** The engine signs its cookies: each comes with a `<name>.sig` twin. */
  signed?: boolean;
}

const DAY = 24 * 3600;

export const SITE_COOKIES: readonly SiteCookie[] = [
  {
    name: 'omnia_refresh',
    path: '/api/auth',
    sameSite: 'Strict',
    maxAgeSeconds: 30 * DAY,
    setBy: 'accounts',
  },
  { name: 'omnia_engine', path: '/oauth2', sameSite: 'Lax', maxAgeSeconds: 30 * DAY, setBy: 'accounts' },
  { name: 'omnia_verify', path: '/api/auth/verify', sameSite: 'Lax', maxAgeSeconds: DAY, setBy: 'accounts' },
  {
    name: 'omnia_two_step',
    path: '/api/auth/two-step',
    sameSite: 'Strict',
    maxAgeSeconds: 300,
    setBy: 'accounts',
  },
  { name: '_session', path: '/', sameSite: 'Lax', maxAgeSeconds: 14 * DAY, setBy: 'engine', signed: true },
  {
    name: '_interaction',
    path: '/oauth2/consent/…',
    sameSite: 'Lax',
    maxAgeSeconds: 3600,
    setBy: 'engine',
    signed: true,
  },
  {
    name: '_interaction_resume',
    path: '/oauth2/authorize/…',
    sameSite: 'Lax',
    maxAgeSeconds: 3600,
    setBy: 'engine',
    signed: true,
  },
];

/**
 * How long Omnia keeps what it stores, as the Privacy page states it (docs/operations.md,
 * Housekeeping and retention); apps/server/test/ops/privacy-facts.test.ts holds the server to it.
 */
export const RETENTION_FACTS = {
  /** A session ends this long after its last use (the refresh cookie's lifetime). */
  sessionIdleDays: 30,
  /** Ended sessions (signed out, revoked) are deleted a day later. */
  endedSessionDays: 1,
  sessionLogDays: 90,
  securityEventDays: 90,
  /** The bell's notices, read or not. */
  notificationDays: 90,
  /** Verification and reset links: deleted a day after they are used or expire. */
  emailLinkDays: 1,
  /** A requested change of address (its cancel link lives this long). */
  emailChangeDays: 7,
  /** Delivered e-mail. */
  mailHours: 24,
  /** Counters of attempts (sign-in, sign-up, resend, reset), by address and IP address. */
  rateLimitMinutesMin: 15,
  rateLimitMinutesMax: 60,
  /** Apps' usage events, then only all-time counts per app and action. */
  usageEventDays: 31,
  accessTokenMinutes: 60,
  appRefreshTokenDays: 30,
  grantDays: 365,
  engineSessionDays: 14,
} as const;
