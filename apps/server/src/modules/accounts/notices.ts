import type { Language } from '@omnia/contracts';
import type { DeviceInfo } from '../../http/user-agent';
import type { MailMessage } from '../mail';
import { fill, mailStrings, renderEmail } from '../mail';

const when = (lang: Language) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(),
  )} UTC`;

/** 'Chrome on Linux', else the SPEC's categories. */
const deviceName = (info: DeviceInfo) =>
  info.browser ? `${info.browser} · ${info.os}` : `${info.device} · ${info.os}`;

/** A sign-in from a device (browser, system and network) the account has not used before. */
export function newDeviceEmail(
  to: string,
  info: DeviceInfo,
  ip: string | null,
  settingsUrl: string,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).notices;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.newDeviceSubject),
        heading: fill(s.newDeviceSubject),
        intro: [
          fill(s.newDevice, {
            email: to,
            device: deviceName(info),
            ip: ip ?? s.unknownPlace,
            time: when(lang),
          }),
          s.newDeviceWasYou,
        ],
        action: { label: s.action, url: settingsUrl },
        outro: [s.notYou],
      },
      lang,
    ),
  };
}

/** The password was changed from Settings (a reset by e-mail has its own message). */
export function passwordChangedEmail(to: string, settingsUrl: string, lang: Language): MailMessage {
  const s = mailStrings(lang).notices;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.passwordChangedSubject),
        heading: fill(s.passwordChangedSubject),
        intro: [fill(s.passwordChanged, { email: to, time: when(lang) })],
        action: { label: s.action, url: settingsUrl },
        outro: [s.notYou],
      },
      lang,
    ),
  };
}

/** The person allowed an app to use the account (the consent screen's Allow). */
export function appAuthorizedEmail(
  to: string,
  app: string,
  settingsUrl: string,
  lang: Language,
): MailMessage {
  const s = mailStrings(lang).notices;
  return {
    to,
    ...renderEmail(
      {
        subject: fill(s.appAuthorizedSubject, { app }),
        heading: fill(s.appAuthorizedSubject, { app }),
        intro: [fill(s.appAuthorized, { app, email: to })],
        action: { label: s.action, url: settingsUrl },
        outro: [s.notYou],
      },
      lang,
    ),
  };
}
