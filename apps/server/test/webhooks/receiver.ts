import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook POST as it arrived: its headers and its body, byte for byte. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A developer's webhook endpoint: records every POST and answers 200, or 500 for the next few
 * when told to fail. The test verifies what it recorded (docs/integrators.md's recipe).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let failNext = 0;
  let failures = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      if (failNext > 0) {
        failNext--;
        failures++;
        res.writeHead(500).end();
        return;
      }
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/omnia`,
    received,
    get failures() {
      return failures;
    },
    failNext(count: number) {
      failNext = count;
    },
    /** Resolves once `count` POSTs were taken (fails after `ms`). */
    async waitFor(count: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} webhooks arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
