import { NOTIFICATION_KINDS, type Notification } from '@omnia/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n, { setLanguage } from '@/lib/i18n';
import { noticeText } from './notice-text';

const at = { id: 'n1', created_at: '2026-11-23T12:00:00.000Z', read_at: null };
const text = (notice: Notification) => noticeText(notice, i18n.getFixedT(null, 'notifications'));

describe('how a notice reads', () => {
  beforeAll(() => setLanguage('en'));
  afterAll(() => setLanguage('en'));

  it('a new sign-in names the browser, the system and the address', () => {
    expect(
      text({
        ...at,
        kind: 'new_sign_in',
        data: { device: 'Unknown', os: 'Linux', browser: 'Firefox', ip: '203.0.113.7' },
      }),
    ).toEqual({ title: 'New sign-in to your account', body: 'From Firefox on Linux, IP 203.0.113.7.' });
    expect(text({ ...at, kind: 'new_sign_in', data: { device: 'Mac', os: 'Unknown' } }).body).toBe(
      'From Mac · Unknown.',
    );
  });

  it('an app, a factor, counts', () => {
    expect(text({ ...at, kind: 'app_authorized', data: { app: 'Notes Pro' } }).body).toBe(
      'Notes Pro can now use your Omnia account.',
    );
    expect(text({ ...at, kind: 'second_factor_added', data: { method: 'passkey' } })).toEqual({
      title: 'Passkey added',
      body: 'It signs in to your account without the password.',
    });
    expect(text({ ...at, kind: 'second_factor_removed', data: { method: 'totp' } }).title).toBe(
      'Authenticator app turned off',
    );
    expect(text({ ...at, kind: 'recovery_code_used', data: { remaining: 1 } }).body).toBe('1 code left.');
    expect(text({ ...at, kind: 'recovery_code_used', data: { remaining: 0 } }).body).toMatch(
      /^No codes left/,
    );
    expect(text({ ...at, kind: 'account_locked', data: { minutes: 15 } }).body).toContain('15 minutes');
  });

  it("a change of an app's members says who and what", () => {
    expect(
      text({ ...at, kind: 'app_members_changed', data: { app: 'Notes', change: 'left', who: 'ada' } }),
    ).toEqual({ title: 'A member left your app', body: '@ada no longer manages Notes.' });
    expect(
      text({ ...at, kind: 'app_members_changed', data: { app: 'Notes', change: 'transferred', who: 'bob' } })
        .body,
    ).toBe('Notes now belongs to @bob.');
  });

  it('an app registered by a tool names the app and the token', () => {
    expect(text({ ...at, kind: 'app_registered', data: { app: 'Shop', token: 'CI pipeline' } })).toEqual({
      title: 'An app was registered in your name',
      body: 'Shop was registered with your registration token “CI pipeline”. Revoke the token if it was not you.',
    });
  });

  it('names the owner who added or removed the person, and words it without a name when there is none', () => {
    const notice = (change: 'added_you' | 'removed_you', who: string) =>
      text({ ...at, kind: 'app_members_changed', data: { app: 'Notes', change, who } });
    expect(notice('added_you', 'ada')).toEqual({
      title: 'You were added to an app',
      body: '@ada added you to Notes: you can now see and manage it. Leave it under Members on its page if you did not expect this.',
    });
    expect(notice('added_you', '').body).toBe(
      'You were added to Notes: you can now see and manage it. Leave it under Members on its page if you did not expect this.',
    );
    expect(notice('removed_you', 'ada').body).toBe('@ada removed you from Notes. You no longer manage it.');
    expect(notice('removed_you', '').body).toBe('You no longer manage Notes: its owner removed you.');
  });

  it('every kind the server writes has its own title', () => {
    const sample = {
      method: 'totp',
      app: 'A',
      remaining: 2,
      minutes: 15,
      after: at.created_at,
      os: 'Linux',
      change: 'added',
      who: 'ada',
      token: 'CI',
    };
    for (const kind of NOTIFICATION_KINDS) {
      const { title } = text({ ...at, kind, data: sample } as unknown as Notification);
      expect(title, kind).not.toBe('Security notice');
      expect(title, kind).not.toContain('kinds.');
    }
  });

  it('a kind it does not know still reads as a notice', () => {
    const future = { ...at, kind: 'something_new', data: {} } as unknown as Notification;
    expect(text(future)).toEqual({ title: 'Security notice' });
  });

  it('in the UI language', async () => {
    await setLanguage('de');
    expect(text({ ...at, kind: 'password_changed', data: {} }).title).toBe('Passwort geändert');
    expect(
      text({ ...at, kind: 'new_sign_in', data: { device: 'Unknown', os: 'Linux', browser: 'Firefox' } }).body,
    ).toBe('Von Firefox unter Linux.');
    await setLanguage('fr');
    expect(text({ ...at, kind: 'account_locked', data: { minutes: 1 } }).body).toContain('1 minute.');
  });
});
