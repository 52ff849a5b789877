import { z } from 'zod';
import { LANGUAGES, THEMES, USERNAME_MIN_LENGTH } from './constants';
import { rule, ruleMessage } from './messages';
import { hidesCharacters } from './shown-text';

/** Dates of birth before this year are refused (and PostgreSQL's `date` holds every one after it). */
export const BIRTH_DATE_MIN = '1900-01-01';
/** The places furthest ahead of UTC are 14 hours ahead: their today may be UTC's tomorrow. */
const AHEAD_OF_UTC_MS = 14 * 60 * 60 * 1000;

/**
 * A real calendar date, written YYYY-MM-DD, from 1900-01-01 to today. `Date` rolls 1990-02-31
 * over to 3 March, so the date must survive the round trip unchanged.
 */
export function isValidBirthDate(value: string, now = Date.now()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < BIRTH_DATE_MIN) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) return false;
  return time <= now + AHEAD_OF_UTC_MS;
}

/**
 * Usernames people would take for the system's own voice (a message from 'support' or 'security'),
 * refused regardless of case. A name with a dot, dash or underscore around one of them is fine.
 */
const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'support',
  'help',
  'helpdesk',
  'security',
  'official',
  'staff',
  'team',
  'moderator',
  'mod',
  'owner',
  'omnia',
  'cloudbliss',
  'voge',
  'sokuwe',
  'luupz',
  'taskcel',
  'billing',
  'noreply',
  'no-reply',
  'postmaster',
  'webmaster',
  'abuse',
  'api',
  'oauth',
  'developer',
  'developers',
  'null',
  'undefined',
  'anonymous',
  'user',
  'me',
  'settings',
  'login',
  'signup',
]);

/** A username that is reserved (see RESERVED_USERNAMES), regardless of case. */
export const isReservedUsername = (username: string) => RESERVED_USERNAMES.has(username.trim().toLowerCase());

export const identitySchema = z.object({
  // Shown as 'Published by' on the consent screen of the person's apps, and on their profile.
  full_name: z
    .string(rule('fullNameRequired'))
    .trim()
    .min(1, rule('fullNameRequired'))
    .max(100)
    .refine((v) => !hidesCharacters(v), rule('textHasHiddenCharacters')),
  username: z
    .string(rule('usernameRequired'))
    .trim()
    .min(1, rule('usernameRequired'))
    .min(USERNAME_MIN_LENGTH, rule('usernameTooShort'))
    .max(30, 'Username must be at most 30 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'Username may only contain letters, numbers, dots, dashes and underscores')
    .refine((v) => !isReservedUsername(v), rule('usernameReserved')),
  date_of_birth: z
    .string({
      error: (issue) => ruleMessage(issue.input == null ? 'dateOfBirthRequired' : 'dateOfBirthInvalid'),
    })
    .min(1, rule('dateOfBirthRequired'))
    .refine((v) => isValidBirthDate(v), rule('dateOfBirthInvalid')),
  bio: z
    .string()
    .trim()
    .max(500, 'About Me must be at most 500 characters')
    .refine((v) => !hidesCharacters(v, { lineBreaks: true }), rule('textHasHiddenCharacters'))
    .optional()
    .default(''),
});
export type IdentityInput = z.input<typeof identitySchema>;

export const preferencesSchema = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

export const setupSchema = preferencesSchema.extend({
  interests: z.array(z.string().min(1).max(60)).max(50).default([]),
});

export interface Profile {
  id: string;
  full_name: string | null;
  username: string | null;
  date_of_birth: string | null;
  bio: string | null;
  avatar_url: string | null;
}
export interface Preferences {
  id: string;
  theme: (typeof THEMES)[number];
  language: (typeof LANGUAGES)[number];
}
export interface Interest {
  id: string;
  name: string;
}

/** PUT /api/me/interests: the chosen interest names (replaces the previous choice). */
export const interestsInputSchema = z.object({
  interests: z.array(z.string().trim().min(1).max(60)).max(50),
});

/**
 * GET /api/profiles/username-available?username=: a name the identity step would refuse is a 400
 * with that step's words, never 'available'.
 */
export const usernameQuerySchema = identitySchema.pick({ username: true });

/** POST /api/me/claims */
export const claimSchema = z.object({
  slug: z.string().trim().min(1).max(60),
});
