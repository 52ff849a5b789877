import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { QueuedMail } from './repo';
import { createDevSender, PermanentMailError } from './senders';

/** A logger whose lines are kept, parsed. */
function recorded() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const mail = {
  to_address: 'owner@example.test',
  subject: 'Reset your password',
  text_body: 'Open https://omnia.example/auth/reset-password?token=secret-token to set a new one.',
} as QueuedMail;

describe('the sender without SMTP_URL', () => {
  it('with the dev mailbox: logs the message and its links', async () => {
    const { logger, lines } = recorded();
    await createDevSender(logger, true).send(mail);
    expect(lines[0]).toMatchObject({ to: mail.to_address, links: [expect.stringContaining('secret-token')] });
  });

  it('in production (no dev mailbox): fails for good, its links logged nowhere', async () => {
    const { logger, lines } = recorded();
    await expect(createDevSender(logger, false).send(mail)).rejects.toThrow(PermanentMailError);
    await expect(createDevSender(logger, false).send(mail)).rejects.toThrow('SMTP_URL is not set');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
