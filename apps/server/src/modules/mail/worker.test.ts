import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { OutboxRepo, QueuedMail } from './repo';
import { type MailSender, PermanentMailError } from './senders';
import { backoffSeconds, createMailWorker } from './worker';

const logger = pino({ level: 'silent' });

function fakeRepo(mails: QueuedMail[]) {
  const events: string[] = [];
  let queue = [...mails];
  const repo = {
    async claimDue(limit: number) {
      const batch = queue.slice(0, limit).map((m) => ({ ...m, attempts: m.attempts + 1 }));
      queue = queue.slice(limit);
      return batch;
    },
    async markSent(id: string, forgetBody: boolean) {
      events.push(`sent:${id}${forgetBody ? ':forgotten' : ''}`);
    },
    async markRetry(id: string, _error: string, delay: number) {
      events.push(`retry:${id}:${delay}`);
    },
    async markFailed(id: string, _error: string, forgetBody: boolean) {
      events.push(`failed:${id}${forgetBody ? ':forgotten' : ''}`);
    },
  } as unknown as OutboxRepo;
  return { repo, events };
}

const mail = (id: string, attempts = 0): QueuedMail => ({
  id,
  to_address: `${id}@example.test`,
  subject: 's',
  text_body: 't',
  html_body: 'h',
  attempts,
});

describe('mail worker', () => {
  it('backs off exponentially, capped', () => {
    const o = { baseBackoffSeconds: 5, maxBackoffSeconds: 1800 };
    expect([1, 2, 3, 4, 10, 30].map((n) => backoffSeconds(n, o))).toEqual([5, 10, 20, 40, 1800, 1800]);
  });

  it('marks delivered mail sent, reschedules transient failures and gives up on permanent ones', async () => {
    const { repo, events } = fakeRepo([mail('ok'), mail('down', 2), mail('bad')]);
    const sender: MailSender = {
      async send(m) {
        if (m.id === 'down') throw new Error('connect ECONNREFUSED');
        if (m.id === 'bad') throw new PermanentMailError('550 no such user');
      },
      close() {},
      keepsBody: false,
    };
    const worker = createMailWorker({ repo, sender, logger, options: { pollMs: 60_000 } });
    worker.start();
    await worker.runOnce();
    await worker.stop();
    // A real delivery keeps no body (its links live in the mailbox only), nor one given up on.
    expect(events).toEqual(['sent:ok:forgotten', 'retry:down:20', 'failed:bad:forgotten']);
  });

  it('gives up after maxAttempts', async () => {
    const { repo, events } = fakeRepo([mail('old', 4)]);
    const sender: MailSender = {
      async send() {
        throw new Error('timeout');
      },
      close() {},
      keepsBody: true,
    };
    const worker = createMailWorker({ repo, sender, logger, options: { pollMs: 60_000, maxAttempts: 5 } });
    worker.start();
    await worker.runOnce();
    await worker.stop();
    expect(events).toEqual(['failed:old']);
  });
});
