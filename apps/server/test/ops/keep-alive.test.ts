import { Agent, get, type IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

function getOn(agent: Agent, path: string) {
  return new Promise<{ res: IncomingMessage; reused: boolean }>((resolve, reject) => {
    const req = get(`${server.url}${path}`, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve({ res, reused: req.reusedSocket }));
    });
    req.once('error', reject);
  });
}

describe('keep-alive', () => {
  it('advertises 65 s and keeps an idle connection past the old 5 s for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOn(agent, '/healthz');
      expect(first.res.statusCode).toBe(200);
      expect(first.res.headers['keep-alive']).toBe('timeout=65');
      // The wait is the behaviour under test: idle for longer than Node's default keep-alive
      // timeout (5 s), the connection is still open and carries the next request.
      await delay(6_000);
      const second = await getOn(agent, '/healthz');
      expect(second.res.statusCode).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
