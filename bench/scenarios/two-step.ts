import type autocannon from 'autocannon';
import { codeAt } from '../../apps/server/src/modules/factors';
import { type LoadResult, load } from '../lib/cannon';
import { seedEmail } from '../lib/db';
import { BENCH_PASSWORD } from '../lib/hash-bound';
import { sameOrigin } from '../lib/omnia-oauth';

const login = (base: string, email: string) =>
  fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: sameOrigin(base),
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });

/** Turns the authenticator app on for a seeded account, as its owner would; its secret. */
async function enable(base: string, email: string): Promise<string> {
  const { access_token } = (await (await login(base, email)).json()) as { access_token: string };
  const auth = { ...sameOrigin(base), authorization: `Bearer ${access_token}` };
  // Adding a factor asks 'Confirm it's you', however fresh the sign-in.
  const confirmed = await fetch(`${base}/api/auth/reauthenticate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ password: BENCH_PASSWORD }),
  });
  if (confirmed.status !== 200) throw new Error(`confirming failed: ${confirmed.status}`);
  const setup = await fetch(`${base}/api/me/factors/totp/setup`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  const { secret } = (await setup.json()) as { secret: string };
  const verified = await fetch(`${base}/api/me/factors/totp/verify`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ code: codeAt(secret) }),
  });
  if (verified.status !== 200) throw new Error(`enabling TOTP failed: ${verified.status}`);
  return secret;
}

/**
 * The second step of a sign-in: accounts seeded[from, from + count) turn the
 * authenticator app on, each signs in with the password (the half-signed-in cookie), then the
 * scenario sends each one's code once (a code counts once, so each account is used once: `amount`).
 * Its latency beside the password step's says what the second step adds: one round trip, no hash.
 */
export async function twoStepScenario(base: string, from: number, count: number): Promise<LoadResult> {
  const pending: { cookie: string; secret: string }[] = [];
  for (let i = from; i < from + count; i++) {
    const secret = await enable(base, seedEmail(i));
    const res = await login(base, seedEmail(i));
    const cookie = res.headers
      .getSetCookie()
      .map((l) => l.split(';')[0] ?? '')
      .find((p) => p.startsWith('omnia_two_step='));
    if (!cookie) throw new Error(`no half-signed-in cookie: ${res.status}`);
    pending.push({ cookie, secret });
  }
  const request: autocannon.Request = {
    method: 'POST',
    path: '/api/auth/two-step/totp',
    headers: sameOrigin(base),
    setupRequest: (req) => {
      const next = pending.shift();
      // The next step's code: later than the one that turned the app on, and within the ±1 window.
      const code = next ? codeAt(next.secret, Date.now() + 30_000) : '000000';
      return {
        ...req,
        headers: { ...req.headers, cookie: next?.cookie ?? '' },
        body: JSON.stringify({ code }),
      };
    },
  };
  return load('Omnia: POST /api/auth/two-step/totp (second step)', {
    url: base,
    requests: [request],
    connections: 4,
    durationSeconds: 60,
    amount: count,
  });
}
