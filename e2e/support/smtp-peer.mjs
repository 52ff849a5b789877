// A real SMTP server for the e2e run: each message is parsed and written to the mail directory,
// where tests read the links they need (e2e/support/mail.ts).
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpPeer(port, dir) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
          const record = { to: to.map((a) => a.address), subject: mail.subject, text: mail.text ?? '' };
          return writeFile(join(dir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(record));
        })
        .then(
          () => callback(),
          (err) => callback(err),
        );
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(port), '127.0.0.1', resolve);
  });
  return server;
}
