import type { Language } from '@omnia/contracts';
import type { MailMessage } from '../mail';
import { fill, mailStrings, renderEmail } from '../mail';

/** To the new address: the link that makes the change. */
export function confirmNewEmail(to: string, link: string, lang: Language): MailMessage {
  const s = mailStrings(lang).emailChange;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.confirmSubject),
        heading: fill(s.confirmSubject),
        intro: [fill(s.confirm, { email: to })],
        action: { label: s.confirmAction, url: link },
        outro: [s.confirmExpiry],
      },
      lang,
    ),
  };
}

/** To the old address: the change was asked for, and the link that cancels it. */
export function emailChangeRequested(
  to: string,
  newEmail: string,
  cancelLink: string,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).emailChange;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.requestedSubject),
        heading: fill(s.requestedSubject),
        intro: [fill(s.requested, { email: to, newEmail }), s.cancelIntro],
        action: { label: s.cancelAction, url: cancelLink },
        outro: [],
      },
      lang,
    ),
  };
}

/** To the old address: the change was made. */
export function emailChanged(to: string, newEmail: string, lang: Language): MailMessage {
  const s = mailStrings(lang).emailChange;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.changedSubject),
        heading: fill(s.changedSubject),
        intro: [fill(s.changed, { email: to, newEmail })],
        outro: [],
      },
      lang,
    ),
  };
}

/**
 * To a new address that already has an account: nothing changes, and its owner is told why they got
 * mail (the requester is answered exactly as for a free address, so the request reveals nothing).
 */
export function addressInUse(to: string, lang: Language): MailMessage {
  const s = mailStrings(lang).emailChange;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.inUseSubject),
        heading: fill(s.inUseSubject),
        intro: [fill(s.inUse, { email: to })],
        outro: [],
      },
      lang,
    ),
  };
}
