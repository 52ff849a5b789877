import type { AdapterPayload } from 'oidc-provider';
import { describe, expect, it } from 'vitest';
import { createRequestRows } from './request-rows';
import { onlySlidesExpiry, rememberSessionRead, SESSION_SLIDE_SECONDS } from './session-saves';
import type { SessionRow } from './types';

const BOUND = '00000000-0000-4000-8000-000000000001';
const EXP = 2_000_000_000;
const stored: AdapterPayload = {
  jti: 'session-1',
  kind: 'Session',
  exp: EXP,
  accountId: 'account-1',
  loginTs: 1_700_000_000,
  authorizations: { 'client-1': { grantId: 'grant-1', sid: 'sid-1', persistsLogout: true } },
};
const row = (payload: AdapterPayload, boundTo: string | null = BOUND): SessionRow => ({
  payload,
  consumed_at: null,
  expires_at: null,
  s_usable: true,
  s_bound_to: boundTo,
});

/** What onlySlidesExpiry answers for `saved`, after the request read `read`. */
function answer(read: SessionRow | undefined, saved: AdapterPayload, boundTo: string | null = BOUND) {
  const rows = createRequestRows();
  return rows.run(async () => {
    if (read) rememberSessionRead(rows, 'session-1', read);
    return onlySlidesExpiry(rows, 'session-1', saved, boundTo);
  });
}

describe('a session save that only slides its expiry', () => {
  it('is skipped when nothing but the expiry moved, by less than the slide', async () => {
    // jsonb gives the keys back in its own order: the order does not matter.
    const reordered = Object.fromEntries(Object.entries(stored).reverse());
    expect(await answer(row(reordered), { ...stored, exp: EXP + 5 })).toBe(true);
    expect(await answer(row(stored), { ...stored, exp: EXP + SESSION_SLIDE_SECONDS - 1 })).toBe(true);
  });

  it('compares as JSON: nested key order and undefined keys do not count; array order, a removed key and a nested change do', async () => {
    const exp = EXP + 5;
    const nested = { 'client-1': { persistsLogout: true, sid: 'sid-1', grantId: 'grant-1' } };
    expect(await answer(row(stored), { ...stored, exp, authorizations: nested, transient: undefined })).toBe(
      true,
    );
    const { loginTs: _dropped, ...withoutLoginTs } = stored;
    expect(await answer(row(stored), { ...withoutLoginTs, exp })).toBe(false);
    expect(await answer(row(stored), { ...withoutLoginTs, exp, loginTs: undefined })).toBe(false);
    const changed = { 'client-1': { ...nested['client-1'], sid: 'sid-9' } };
    expect(await answer(row(stored), { ...stored, exp, authorizations: changed })).toBe(false);
    const withList = { ...stored, amr: ['pwd', 'otp'] };
    expect(await answer(row(withList), { ...withList, exp, amr: ['otp', 'pwd'] })).toBe(false);
    expect(await answer(row(withList), { ...withList, exp, amr: ['pwd', 'otp'] })).toBe(true);
  });

  it('is written when the expiry moves by the slide or more, or backwards', async () => {
    expect(await answer(row(stored), { ...stored, exp: EXP + SESSION_SLIDE_SECONDS })).toBe(false);
    expect(await answer(row(stored), { ...stored, exp: EXP - 1 })).toBe(false);
  });

  it('is written when anything else changed: an authorization, the account, the binding', async () => {
    const exp = EXP + 5;
    const authorizations = { ...stored.authorizations, 'client-2': { grantId: 'grant-2', sid: 'sid-2' } };
    expect(await answer(row(stored), { ...stored, exp, authorizations })).toBe(false);
    expect(await answer(row(stored), { ...stored, exp, accountId: 'account-2' })).toBe(false);
    expect(await answer(row(stored), { ...stored, exp }, null)).toBe(false);
    expect(await answer(row(stored, null), { ...stored, exp })).toBe(false);
  });

  it('is written when this request did not read the session, and on a second save in the same request', async () => {
    expect(await answer(undefined, { ...stored, exp: EXP + 5 })).toBe(false);
    const rows = createRequestRows();
    const answers = await rows.run(async () => {
      rememberSessionRead(rows, 'session-1', row(stored));
      const saved = { ...stored, exp: EXP + 5 };
      return [
        onlySlidesExpiry(rows, 'session-1', saved, BOUND),
        onlySlidesExpiry(rows, 'session-1', saved, BOUND),
      ];
    });
    expect(answers).toEqual([true, false]);
  });

  it('outside an engine request nothing is remembered, so every save is written', () => {
    const rows = createRequestRows();
    rememberSessionRead(rows, 'session-1', row(stored));
    expect(onlySlidesExpiry(rows, 'session-1', { ...stored, exp: EXP + 5 }, BOUND)).toBe(false);
  });
});
