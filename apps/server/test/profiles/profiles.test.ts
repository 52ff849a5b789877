import { MESSAGES, type Preferences, type Profile } from '@omnia/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { createUser, type TestUser } from '../support/users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const send = (user: TestUser, method: string, path: string, body?: unknown) =>
  server.fetch(path, {
    method,
    headers: { ...user.authHeader, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

const identity = (username: string) => ({
  full_name: 'Ada Lovelace',
  username,
  date_of_birth: '1990-12-10',
  bio: 'Analyst',
});

describe('profile', () => {
  it('starts empty, saves the identity and reads it back', async () => {
    const user = await createUser(server);
    const empty = (await (await send(user, 'GET', '/api/me/profile')).json()) as Profile;
    expect(empty).toMatchObject({ id: user.id, username: null, full_name: null, avatar_url: null });

    const name = `ada_${user.id.slice(0, 8)}`;
    const saved = await send(user, 'PUT', '/api/me/profile', identity(name));
    expect(saved.status).toBe(200);
    const profile = (await (await send(user, 'GET', '/api/me/profile')).json()) as Profile;
    expect(profile).toMatchObject({
      username: name,
      full_name: 'Ada Lovelace',
      date_of_birth: '1990-12-10',
      bio: 'Analyst',
    });
  });

  it('refuses a username another account holds, whatever its case, and changes nothing', async () => {
    const first = await createUser(server);
    const second = await createUser(server);
    const name = `Taken_${first.id.slice(0, 8)}`;
    expect((await send(first, 'PUT', '/api/me/profile', identity(name))).status).toBe(200);

    const clash = await send(second, 'PUT', '/api/me/profile', identity(name.toLowerCase()));
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).message).toBe(MESSAGES.usernameTaken);
    const untouched = (await (await send(second, 'GET', '/api/me/profile')).json()) as Profile;
    expect(untouched.username).toBeNull();

    const q = (u: string) => `/api/profiles/username-available?username=${encodeURIComponent(u)}`;
    expect(await (await send(second, 'GET', q(name.toUpperCase()))).json()).toEqual({ available: false });
    // Your own username counts as available to you.
    expect(await (await send(first, 'GET', q(name))).json()).toEqual({ available: true });
    expect(await (await send(second, 'GET', q(`free_${second.id.slice(0, 8)}`))).json()).toEqual({
      available: true,
    });
    // A name the identity step refuses is never 'available': its words instead.
    for (const [bad, words] of [
      ['a b', 'Username may only contain letters, numbers, dots, dashes and underscores'],
      ['ab', MESSAGES.usernameTooShort],
      ['admin', MESSAGES.usernameReserved],
    ]) {
      const res = await send(second, 'GET', q(bad ?? ''));
      expect(res.status, bad).toBe(400);
      expect((await errorOf(res)).fields?.username, bad).toBe(words);
    }
  });

  it('answers the SPEC messages for bad identity input', async () => {
    const user = await createUser(server);
    const short = await send(user, 'PUT', '/api/me/profile', identity('ab'));
    expect(short.status).toBe(400);
    expect((await errorOf(short)).fields?.username).toBe(MESSAGES.usernameTooShort);
    const noName = await send(user, 'PUT', '/api/me/profile', { ...identity('abcdef'), full_name: ' ' });
    expect((await errorOf(noName)).fields?.full_name).toBe(MESSAGES.fullNameRequired);
    const noDate = await send(user, 'PUT', '/api/me/profile', { ...identity('abcdef'), date_of_birth: '' });
    expect((await errorOf(noDate)).fields?.date_of_birth).toBe(MESSAGES.dateOfBirthRequired);
  });

  it('refuses a full name or About Me that reads other than written (the consent screen shows the name as Published by)', async () => {
    const user = await createUser(server);
    const name = `bidi_${user.id.slice(0, 8)}`;
    expect((await send(user, 'PUT', '/api/me/profile', identity(name))).status).toBe(200);
    const before = await (await send(user, 'GET', '/api/me/profile')).json();
    // U+202E shows "maeT ytiruceS ainmO" as "Omnia Security Team".
    for (const [field, value] of [
      ['full_name', '\u202EmaeT ytiruceS ainmO'],
      ['full_name', 'Ada\u200BLovelace'],
      ['bio', 'Analyst\n\u2067at Omnia\u2069'],
    ] as const) {
      const res = await send(user, 'PUT', '/api/me/profile', { ...identity(name), [field]: value });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect((await errorOf(res)).fields?.[field]).toBe(MESSAGES.textHasHiddenCharacters);
    }
    expect(await (await send(user, 'GET', '/api/me/profile')).json()).toEqual(before);
    // An About Me keeps its line breaks.
    expect(
      (await send(user, 'PUT', '/api/me/profile', { ...identity(name), bio: 'Analyst\nat Omnia' })).status,
    ).toBe(200);
  });

  it('refuses impossible and out-of-range dates of birth with a 400 and keeps the stored profile', async () => {
    const user = await createUser(server);
    const name = `dates_${user.id.slice(0, 8)}`;
    expect((await send(user, 'PUT', '/api/me/profile', identity(name))).status).toBe(200);
    const before = await (await send(user, 'GET', '/api/me/profile')).json();
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const date_of_birth of [
      '1990-02-31',
      '1990-02-30',
      '1991-02-29',
      '1990-04-31',
      '1990-13-01',
      '1990-00-10',
      '1990-01-00',
      '1990-01-32',
      '0000-01-01',
      '1899-12-31',
      `${nextYear}-01-01`,
      '9999-12-31',
      '31/12/1990',
      '1990-1-1',
      '19900101',
      '1990-01-01T00:00:00Z',
      ' 1990-01-01',
      'yesterday',
      12345,
      ['1990-01-01'],
    ]) {
      const res = await send(user, 'PUT', '/api/me/profile', { ...identity(name), date_of_birth, bio: 'x' });
      expect(res.status, JSON.stringify(date_of_birth)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(error.fields?.date_of_birth, JSON.stringify(date_of_birth)).toBe(MESSAGES.dateOfBirthInvalid);
    }
    expect(await (await send(user, 'GET', '/api/me/profile')).json()).toEqual(before);
    // The edges themselves are real dates: 29 February of a leap year, 1 January 1900.
    for (const date_of_birth of ['2000-02-29', '1900-01-01']) {
      const res = await send(user, 'PUT', '/api/me/profile', { ...identity(name), date_of_birth });
      expect(res.status, date_of_birth).toBe(200);
      expect(((await res.json()) as Profile).date_of_birth).toBe(date_of_birth);
    }
  });

  it('needs a signed-in, verified account', async () => {
    expect((await server.fetch('/api/me/profile')).status).toBe(401);
    const unverified = await createUser(server, { verified: false });
    const res = await send(unverified, 'GET', '/api/me/profile');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('email_not_confirmed');
  });
});

describe('preferences', () => {
  it('creates the default row (dark, en) and saves a change', async () => {
    const user = await createUser(server);
    const defaults = (await (await send(user, 'GET', '/api/me/preferences')).json()) as Preferences;
    expect(defaults).toEqual({ id: user.id, theme: 'dark', language: 'en' });
    const saved = await send(user, 'PUT', '/api/me/preferences', { theme: 'light', language: 'fr' });
    expect(saved.status).toBe(200);
    expect(await (await send(user, 'GET', '/api/me/preferences')).json()).toEqual({
      id: user.id,
      theme: 'light',
      language: 'fr',
    });
    const bad = await send(user, 'PUT', '/api/me/preferences', { theme: 'neon', language: 'fr' });
    expect(bad.status).toBe(400);
    expect((await (await send(user, 'GET', '/api/me/preferences')).json()) as Preferences).toMatchObject({
      theme: 'light',
    });
  });
});

describe('interests', () => {
  it('serves at least 12 interests ordered by name', async () => {
    const { interests } = (await (await server.fetch('/api/interests')).json()) as {
      interests: { name: string }[];
    };
    expect(interests.length).toBeGreaterThanOrEqual(12);
    const names = interests.map((i) => i.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('replaces the chosen interests and ignores unknown names', async () => {
    const user = await createUser(server);
    await send(user, 'PUT', '/api/me/interests', { interests: ['Music', 'Travel'] });
    const res = await send(user, 'PUT', '/api/me/interests', { interests: ['Books', 'Music', 'Nope'] });
    expect(res.status).toBe(200);
    const { interests } = (await (await send(user, 'GET', '/api/me/interests')).json()) as {
      interests: { name: string }[];
    };
    expect(interests.map((i) => i.name)).toEqual(['Books', 'Music']);
  });
});

describe('service claims', () => {
  it('claims an active service once, refuses coming-soon ones and unknown slugs', async () => {
    const user = await createUser(server);
    const { services } = (await (await server.fetch('/api/services')).json()) as {
      services: { slug: string; status: string }[];
    };
    const claimable = services.find((s) => s.status !== 'coming-soon');
    const soon = services.find((s) => s.status === 'coming-soon');
    if (!claimable || !soon) throw new Error('the catalogue needs both kinds of service');

    const first = await send(user, 'POST', '/api/me/claims', { slug: claimable.slug });
    expect(await first.json()).toEqual({ claims: [claimable.slug], alreadyClaimed: false });
    const again = await send(user, 'POST', '/api/me/claims', { slug: claimable.slug });
    expect(await again.json()).toEqual({ claims: [claimable.slug], alreadyClaimed: true });

    const refused = await send(user, 'POST', '/api/me/claims', { slug: soon.slug });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(MESSAGES.serviceUnavailableBody);
    expect((await send(user, 'POST', '/api/me/claims', { slug: 'nope' })).status).toBe(404);

    // Claims are per account.
    const other = await createUser(server);
    expect(await (await send(other, 'GET', '/api/me/claims')).json()).toEqual({ claims: [] });
    expect(await (await send(user, 'GET', '/api/me/claims')).json()).toEqual({ claims: [claimable.slug] });
  });
});
