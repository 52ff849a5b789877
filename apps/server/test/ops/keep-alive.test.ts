import { Agent, get, type IncomingMessage } from 'node:http';
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
  it('advertises 65 s and keeps the connection for the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await getOn(agent, '/healthz');
      expect(first.res.statusCode).toBe(200);
      // Node writes this header from the server's keepAliveTimeout (65 s, longer than a proxy's
      // usual 60 s idle timeout), and closes an idle connection after that long; waiting out
      // Node's own timer would only test Node.
      expect(first.res.headers['keep-alive']).toBe('timeout=65');
      const second = await getOn(agent, '/healthz');
      expect(second.res.statusCode).toBe(200);
      expect(second.reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
