import { API, type ResetLinkResponse } from '@omnia/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, latestLink, postJson, withMail } from '../support/users';

// The reset page asks whether its link can still work before showing the form: valid, expired,
// used or invalid; asking never uses the link up (the reset stays the one conditional statement).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const check = (body: unknown) => postJson(server, API.auth.resetCheck, body);
const stateOf = async (token: string) => {
  const res = await check({ token });
  expect(res.status).toBe(200);
  return ((await res.json()) as ResetLinkResponse).state;
};

async function resetTokenFor(email: string): Promise<string> {
  await withMail(server, email, () => postJson(server, API.auth.forgot, { email }));
  const link = await latestLink(server, email, '/auth/reset-password');
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

describe('POST /api/auth/reset-password/check', () => {
  it('says a fresh link is valid, as often as asked, without using it; once used, it says so', async () => {
    const user = await createUser(server);
    const token = await resetTokenFor(user.email);
    expect(await stateOf(token)).toBe('valid');
    expect(await stateOf(token)).toBe('valid');
    const reset = await postJson(server, API.auth.reset, { token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect(await stateOf(token)).toBe('used');
  });

  it('says an expired link has expired, and the reset refuses it as before', async () => {
    const user = await createUser(server);
    const token = await resetTokenFor(user.email);
    await server.deps.dbHandle.db
      .updateTable('email_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset')
      .execute();
    expect(await stateOf(token)).toBe('expired');
    const reset = await postJson(server, API.auth.reset, { token, password: 'a brand new passphrase' });
    expect(reset.status).toBe(400);
  });

  it('says an older link retired by a newer reset is used', async () => {
    const user = await createUser(server);
    const older = await resetTokenFor(user.email);
    const newer = await resetTokenFor(user.email);
    expect(older).not.toBe(newer);
    expect(await stateOf(older)).toBe('valid');
    await postJson(server, API.auth.reset, { token: newer, password: 'a brand new passphrase' });
    expect(await stateOf(older)).toBe('used');
  });

  it('says an unknown token, or a verification link, is invalid', async () => {
    expect(await stateOf('made-up-token')).toBe('invalid');
    const unverified = await createUser(server, { verified: false });
    const verify = await latestLink(server, unverified.email, '/auth/callback');
    const verifyToken = new URL(verify, 'http://x').searchParams.get('token') ?? '';
    expect(verifyToken).not.toBe('');
    expect(await stateOf(verifyToken)).toBe('invalid');
  });

  it.each([[{}], [{ token: '' }], [{ token: 7 }], [{ token: 'x'.repeat(201) }]])(
    'refuses %j with a validation error and changes nothing',
    async (body) => {
      const res = await check(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    },
  );
});

describe('rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer(
      {},
      { modules: { accounts: { limits: { resetPerIp: { points: 2, windowSeconds: 3600 } } } } },
    );
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('limits checks per address on a budget of their own (the reset keeps its own)', async () => {
    const ask = () => postJson(limited, API.auth.resetCheck, { token: 'made-up-token' });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const third = await ask();
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    const reset = await postJson(limited, API.auth.reset, {
      token: 'made-up-token',
      password: 'long enough pass',
    });
    expect(reset.status).toBe(400);
  });
});
