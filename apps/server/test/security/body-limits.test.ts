import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/**
 * Every route that reads a JSON body reads at most the API's 64 KB: whatever the Content-Type
 * says (a JSON route reads the body as JSON whatever it is labelled), and outside /api too (the
 * consent screen's decision). Only the two picture uploads take more, on their own limit.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const big = (extra: Record<string, unknown>) => JSON.stringify({ ...extra, pad: 'A'.repeat(1024 * 1024) });

describe('a body larger than the JSON limit', () => {
  it('is refused by a JSON route even when labelled multipart: never read', async () => {
    const res = await server.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: big({ email: 'nobody@example.test', password: 'wrong password' }),
    });
    expect(res.status).toBe(413);
  });

  it('is refused by the consent decision, outside /api', async () => {
    const user = await createUser(server);
    const res = await server.fetch('/oauth2/consent/unknown-interaction/decision', {
      method: 'POST',
      headers: { ...user.authHeader, 'content-type': 'application/json' },
      body: big({ approved: true }),
    });
    expect(res.status).toBe(413);
  });
});
