import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { latestLink, postJson, type TestUser } from '../support/users';

/** The calls the e-mail change tests make, on the server `serverOf` gives once it has started. */
export function emailChangeCalls(serverOf: () => TestServer) {
  const tokenOf = (link: string) => new URL(link, 'http://x').searchParams.get('token') ?? '';
  return {
    request: (user: TestUser, email: string, password = user.password) =>
      postJson(serverOf(), '/api/me/account/email', { email, password }, user.authHeader),
    login: (email: string, password: string) => postJson(serverOf(), '/api/auth/login', { email, password }),
    tokenOf,
    /** The button on the confirm page (the new address's link). */
    confirm: (link: string) => postJson(serverOf(), '/api/auth/confirm-email', { token: tokenOf(link) }),
    /** The button on the cancel page (the old address's link). */
    cancel: (link: string) => postJson(serverOf(), '/api/auth/cancel-email-change', { token: tokenOf(link) }),
    confirmLink: (email: string) => latestLink(serverOf(), email, '/auth/confirm-email'),
    cancelLink: (email: string) => latestLink(serverOf(), email, '/auth/cancel-email-change'),
    codeOf: async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code,
    emailOf: async (id: string) =>
      (
        await serverOf()
          .deps.dbHandle.db.selectFrom('users')
          .select('email')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).email,
  };
}

/** A server for one test file, started before its tests and closed after, with emailChangeCalls on it. */
export function useEmailChangeServer() {
  const world = {} as { server: TestServer };
  beforeAll(async () => {
    world.server = await startTestServer();
  });
  afterAll(() => world.server?.close());
  return { world, ...emailChangeCalls(() => world.server) };
}

/** Someone signs `email` up and never verifies it (a squatter of an address set free). */
export async function squat(server: TestServer, email: string): Promise<void> {
  const res = await postJson(server, '/api/auth/signup', { email, password: 'squatting the address' });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}`);
}
