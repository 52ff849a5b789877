import { z } from 'zod';
import { LANGUAGES, PASSWORD_MIN_LENGTH } from './constants';
import { type MessageKey, rule } from './messages';

/*
 * The SPEC's {email} shape: something@something.something, no spaces; nor the characters that
 * make a mail header's text more than one address (a name before '<address>', a list, a comment,
 * quotes), which would put the sign-up's own words in the mail a stranger gets.
 */
const EMAIL_PATTERN = /^[^\s@<>()[\],;:"\\\p{Cc}]+@[^\s@<>()[\],;:"\\\p{Cc}]+\.[^\s@<>()[\],;:"\\\p{Cc}]+$/u;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 256;

const email = z
  .string(rule('emailRequired'))
  .trim()
  .min(1, rule('emailRequired'))
  .max(EMAIL_MAX, rule('emailInvalid'))
  .regex(EMAIL_PATTERN, rule('emailInvalid'));

/**
 * An address an account may take (sign-up, change of address) is written as itself: no stray dot,
 * no compatibility character (the Kelvin sign, ligatures, full-width letters: NFKC changes them) and
 * no letter outside ASCII that lowercases to ASCII (İ). The database tells accounts apart by
 * lower(), which folds such a spelling onto another address: someone's, at a mailbox the
 * spelling never reaches.
 */
function writtenAsItself(address: string): boolean {
  if (address.normalize('NFKC') !== address) return false;
  // Dots only between characters (RFC 5321's dot-atom): mail servers take 'example.com.' for
  // 'example.com', and the database would hold it as a second address of one mailbox.
  if (address.split('@').some((part) => part.startsWith('.') || part.endsWith('.') || part.includes('..')))
    return false;
  // Characters the mailer's conversion of a domain to ASCII drops or reads as a dot (a soft
  // hyphen, a zero-width space, the ideographic full stop) spell another address's mailbox.
  if (/[\p{Default_Ignorable_Code_Point}\u3002\uFF0E\uFF61]/u.test(address)) return false;
  // An internationalised domain in its ASCII form (xn--…) is the same mailbox as its Unicode
  // spelling, which the database holds as another address: only the Unicode one is taken.
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  if (domain.split('.').some((label) => label.startsWith('xn--'))) return false;
  return [...address].every((c) => c.charCodeAt(0) < 128 || !/[a-z]/.test(c.toLowerCase()));
}
const newEmail = email.refine(writtenAsItself, rule('emailInvalid'));

export const loginSchema = z.object({
  email,
  password: z
    .string(rule('passwordRequired'))
    .min(1, rule('passwordRequired'))
    .max(PASSWORD_MAX, rule('passwordTooLong')),
});
export type LoginInput = z.infer<typeof loginSchema>;

const newPassword = (required: MessageKey) =>
  z
    .string(rule(required))
    .min(1, rule(required))
    .min(PASSWORD_MIN_LENGTH, rule('passwordTooShort'))
    .max(PASSWORD_MAX, rule('passwordTooLong'));

const confirm = z.string(rule('confirmPasswordRequired')).min(1, rule('confirmPasswordRequired'));

export const signUpFormSchema = z
  .object({ email: newEmail, password: newPassword('passwordRequired'), confirmPassword: confirm })
  .refine((v) => v.password === v.confirmPassword, {
    ...rule('passwordsDoNotMatch'),
    path: ['confirmPassword'],
  });
export type SignUpFormInput = z.infer<typeof signUpFormSchema>;

/**
 * What the server needs: the confirmation is a client-side check. `language` is the one the visitor
 * is using (it becomes the account's language preference and the verification mail's language).
 */
export const signUpSchema = z.object({
  email: newEmail,
  password: newPassword('passwordRequired'),
  language: z.enum(LANGUAGES).optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({
  email: z
    .string(rule('forgotEmailInvalid'))
    .trim()
    .max(EMAIL_MAX, rule('forgotEmailInvalid'))
    .regex(EMAIL_PATTERN, rule('forgotEmailInvalid')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resendSchema = z.object({ email });
export type ResendInput = z.infer<typeof resendSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPassword('newPasswordRequired'), confirmPassword: confirm })
  .refine((v) => v.password === v.confirmPassword, {
    ...rule('passwordsDoNotMatch'),
    path: ['confirmPassword'],
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(200),
  password: newPassword('newPasswordRequired'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** A reset link's token, checked without using it up (the page says at once if it cannot work). */
export const resetLinkSchema = resetPasswordSchema.pick({ token: true });
export type ResetLinkInput = z.infer<typeof resetLinkSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z
    .string(rule('passwordRequired'))
    .min(1, rule('passwordRequired'))
    .max(PASSWORD_MAX, rule('passwordTooLong')),
  password: newPassword('newPasswordRequired'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Change Password form: the new password twice, and not the current one again. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirm })
  .refine((v) => v.password === v.confirmPassword, {
    ...rule('passwordsDoNotMatch'),
    path: ['confirmPassword'],
  })
  .refine((v) => v.password !== v.currentPassword, { ...rule('passwordUnchanged'), path: ['password'] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/** 'Confirm it's you': the current password again, for an authorization that asks for a fresh sign-in. */
export const reauthenticateSchema = z.object({
  password: z
    .string(rule('passwordRequired'))
    .min(1, rule('passwordRequired'))
    .max(PASSWORD_MAX, rule('passwordTooLong')),
});
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

/** The token of a mailed link (verification, e-mail change): checked, then used by a button's POST. */
export const emailLinkSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Using the verification link. The browser that signed up sends the token alone; any other browser
 * sets the account's password with it (whoever reads the mailbox ends up with the only password).
 */
export const verifyEmailSchema = emailLinkSchema.extend({
  password: newPassword('newPasswordRequired').optional(),
});

/** SPEC §3 User and Session. */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  created_at: string;
}
export interface AuthSession {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Seconds since the epoch. */
  expires_at: number;
  user: AuthUser;
}

/** DELETE API.me.account: the account's e-mail address typed to confirm, and its password. */
export const deleteAccountSchema = z.object({
  email: z.string().max(320),
  password: z.string().min(1).max(256),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/me/email: the new address and the password (the new address confirms by a link). */
export const changeEmailSchema = z.object({
  // The same rule as sign-up's: an address one can sign up with is one an account can move to.
  email: newEmail,
  password: z.string().min(1).max(256),
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;
