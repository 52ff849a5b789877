import type { Language } from '@omnia/contracts';
import type { MailMessage } from '../mail';
import { fill, mailStrings, renderEmail } from '../mail';

/** Every text comes from the mail catalogue (modules/mail/locales) in the recipient's language. */
export function verificationEmail(to: string, link: string, lang: Language): MailMessage {
  const s = mailStrings(lang).verification;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.subject),
        heading: s.heading,
        intro: [fill(s.intro, { email: to })],
        action: { label: s.action, url: link },
        outro: [s.expiry, s.ignore],
      },
      lang,
    ),
  };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function accountExistsEmail(
  to: string,
  loginUrl: string,
  resetUrl: string,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).accountExists;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.subject),
        heading: s.heading,
        intro: [fill(s.intro, { email: to }), fill(s.signInInstead, { resetUrl })],
        action: { label: s.action, url: loginUrl },
        outro: [s.ignore],
      },
      lang,
    ),
  };
}

export function passwordResetEmail(to: string, link: string, lang: Language): MailMessage {
  const s = mailStrings(lang).passwordReset;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.subject),
        heading: s.heading,
        intro: [fill(s.intro, { email: to })],
        action: { label: s.action, url: link },
        outro: [s.expiry, s.ignore],
      },
      lang,
    ),
  };
}

/**
 * Tells the owner that sign-in is paused for `minutes` after repeated failures, with a link to
 * reset the password in case someone else is guessing it.
 */
export function accountLockedEmail(
  to: string,
  forgotUrl: string,
  minutes: number,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).accountLocked;
  const paused = minutes === 1 ? s.pausedOne : s.paused;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.subject),
        heading: s.heading,
        intro: [fill(paused, { email: to, minutes: String(minutes) }), s.notYou],
        action: { label: s.action, url: forgotUrl },
        outro: [s.wasYou],
      },
      lang,
    ),
  };
}

/** To the address of an account just deleted: what went, and what to do if it was not its owner. */
export function accountDeletedEmail(to: string, lang: Language): MailMessage {
  const s = mailStrings(lang).accountDeleted;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.subject),
        heading: s.heading,
        intro: [fill(s.deleted, { email: to })],
        outro: [s.notYou],
      },
      lang,
    ),
  };
}
