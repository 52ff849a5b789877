// A real SMTP server for the e2e run: each message is parsed and written to the mail directory,
// where tests read the links they need (e2e/support/mail.ts).
import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
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
          // Written aside, then renamed, so a reader never sees half a message.
          const file = join(dir, `${Date.now()}-${randomUUID()}.json`);
          return writeFile(`${file}.part`, JSON.stringify(record)).then(() => rename(`${file}.part`, file));
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
