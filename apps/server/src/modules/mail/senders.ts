import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from '../../logger';
import type { QueuedMail } from './repo';

/** Delivers one message or throws; `permanent` on the error means retrying cannot help. */
export interface MailSender {
  send(mail: QueuedMail): Promise<void>;
  close(): void;
  /**
   * Whether a message keeps its body once delivered: only the dev mailbox, which shows it. A real
   * delivery leaves no live link (a reset's, a verification's) readable in the database.
   */
  readonly keepsBody: boolean;
}

export class PermanentMailError extends Error {
  override name = 'PermanentMailError';
}

export function createSmtpSender(smtpUrl: string, from: string): MailSender {
  const options: SMTPTransport.Options = {
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  const transport = nodemailer.createTransport(options, { from });
  return {
    keepsBody: false,
    async send(mail) {
      try {
        await transport.sendMail({
          // An address, never a header's text: nodemailer would read 'Text <a@b>' as a name and
          // a mailbox, and put the name in the To line.
          to: { name: '', address: mail.to_address },
          subject: mail.subject,
          text: mail.text_body,
          html: mail.html_body,
          headers: { 'X-Omnia-Message-Id': mail.id },
        });
      } catch (err) {
        const code = (err as { responseCode?: unknown }).responseCode;
        // 5xx replies (bad recipient, refused content) are final; everything else is retried.
        if (typeof code === 'number' && code >= 500 && code < 600) {
          throw new PermanentMailError(err instanceof Error ? err.message : String(err), { cause: err });
        }
        throw err;
      }
    },
    close: () => transport.close(),
  };
}

/** Links of a message body (for the dev log). */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
}

/**
 * Without SMTP: with the dev mailbox (never in production) the message stays readable at
 * /dev/mailbox and its links are logged. In production nothing is sent and no link is logged (a
 * reset link in the log would open the account to whoever reads it): each message fails.
 */
export function createDevSender(logger: Logger, keepsBody: boolean): MailSender {
  return {
    keepsBody,
    async send(mail) {
      // Failed for good, as the outbox then says (the worker logs it without the message's text).
      if (!keepsBody) throw new PermanentMailError('SMTP_URL is not set: message not sent');
      logger.info(
        { to: mail.to_address, subject: mail.subject, links: linksOf(mail.text_body) },
        'dev mailbox: message "delivered" (see /dev/mailbox)',
      );
    },
    close() {},
  };
}
