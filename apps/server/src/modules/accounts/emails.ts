import type { Language } from '@omnia/contracts';
import { renderEmail } from '../mail/layout';
import { fill, mailStrings } from '../mail/locales';
import type { MailMessage } from '../mail/repo';

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
