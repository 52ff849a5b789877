import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './test-server';

export interface SmtpPeer {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first (already or later) received message matching `match`. */
  waitFor(match: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (random port unless given) that keeps what it receives, parsed. */
export async function startSmtpPeer(port?: number): Promise<SmtpPeer> {
  const listenPort = port ?? (await freePort());
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve());
  });
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `to` address of a parsed message. */
export function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}
