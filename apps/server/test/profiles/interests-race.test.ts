import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/outside-session';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser } from '../support/users';

/*
 * Two saves of one person's interests at once (a double click on 'Finish Setup', two tabs): each
 * replaces the whole set. On PostgreSQL they overlap (PGlite runs one statement at a time).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe.skipIf(!onPostgres)('saving interests twice at once', () => {
  it('answers both and keeps one whole set, never a mix', async () => {
    const user = await createUser(server);
    const put = (interests: string[]) =>
      server.fetch('/api/me/interests', {
        method: 'PUT',
        headers: { ...user.authHeader, 'content-type': 'application/json' },
        body: JSON.stringify({ interests }),
      });
    const one = ['Art', 'Books', 'Music'];
    const other = ['Science', 'Travel', 'Music'];
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([put(one), put(other), put(one)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const saved = (await (
        await server.fetch('/api/me/interests', { headers: user.authHeader })
      ).json()) as { interests: { name: string }[] };
      const names = saved.interests.map((i) => i.name).sort();
      expect([one, other].map((set) => [...set].sort())).toContainEqual(names);
    }
  });
});
