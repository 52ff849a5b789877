import type { Language } from '@omnia/contracts';
import type { NotificationData } from '@omnia/contracts/notifications';
import type { MailMessage } from '../mail';
import { fill, mailStrings, renderEmail } from '../mail';

type FactorKind =
  | 'second_factor_added'
  | 'second_factor_removed'
  | 'recovery_codes_regenerated'
  | 'recovery_code_used'
  | 'second_factor_removal_scheduled'
  | 'second_factor_kept';

/**
 * A change to an account's second factors, as it is recorded, mailed and put in the bell: its
 * detail is the bell's notice data of the same kind.
 */
export type FactorNotice = { [K in FactorKind]: { kind: K; detail: NotificationData[K] } }[FactorKind];

/** The owner's notice of a second-factor change, in their language, with a link to Settings → Security. */
export function factorEmail(
  to: string,
  notice: FactorNotice,
  settingsUrl: string,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).secondFactor;
  // A passkey signs in on its own (password and second step together): it turns nothing on.
  const passkey = 'method' in notice.detail && notice.detail.method === 'passkey';
  const method = s.authenticatorApp;
  const lines: Record<FactorNotice['kind'], { subject: string; intro: string[] }> = {
    second_factor_added: passkey
      ? { subject: s.passkeyAddedSubject, intro: [fill(s.passkeyAdded, { email: to })] }
      : { subject: s.addedSubject, intro: [fill(s.added, { email: to, method })] },
    second_factor_removed: passkey
      ? { subject: s.passkeyRemovedSubject, intro: [fill(s.passkeyRemoved, { email: to })] }
      : { subject: s.removedSubject, intro: [fill(s.removed, { email: to, method })] },
    recovery_codes_regenerated: {
      subject: s.regeneratedSubject,
      intro: [fill(s.regenerated, { email: to })],
    },
    second_factor_removal_scheduled: {
      subject: s.removalSubject,
      intro: [
        fill(s.removal, {
          email: to,
          date: 'after' in notice.detail ? new Date(notice.detail.after).toUTCString() : '',
        }),
        s.removalKeep,
      ],
    },
    second_factor_kept: { subject: s.keptSubject, intro: [fill(s.kept, { email: to })] },
    recovery_code_used: {
      subject: s.codeUsedSubject,
      intro: [
        fill(s.codeUsed, { email: to }),
        'remaining' in notice.detail && notice.detail.remaining === 0
          ? s.lastCodeUsed
          : fill(s.codesLeft, { count: String('remaining' in notice.detail ? notice.detail.remaining : 0) }),
      ],
    },
  };
  const { subject, intro } = lines[notice.kind];
  return {
    to,
    ...renderEmail(
      {
        subject: fill(subject),
        heading: fill(subject),
        intro,
        action: { label: s.action, url: settingsUrl },
        outro: [passkey ? s.passkeyNotYou : s.notYou],
      },
      lang,
    ),
  };
}
