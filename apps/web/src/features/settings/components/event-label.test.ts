import { describe, expect, it } from 'vitest';
import settingsDe from '../locales/settings.de';
import settingsEn from '../locales/settings.en';
import { eventLabelKey } from './event-label';

describe('eventLabelKey', () => {
  it('reads a passkey added or removed as such, and two-step verification as before', () => {
    expect(eventLabelKey({ kind: 'second_factor_added', detail: { method: 'passkey' } })).toBe(
      'passkey_added',
    );
    expect(eventLabelKey({ kind: 'second_factor_removed', detail: { method: 'passkey' } })).toBe(
      'passkey_removed',
    );
    expect(eventLabelKey({ kind: 'second_factor_added', detail: { method: 'totp' } })).toBe(
      'second_factor_added',
    );
    expect(eventLabelKey({ kind: 'second_factor_added', detail: {} })).toBe('second_factor_added');
    expect(eventLabelKey({ kind: 'sign_in', detail: { method: 'passkey' } })).toBe('sign_in');
  });

  it('has a label for each key it gives', () => {
    for (const key of [
      'passkey_added',
      'passkey_removed',
      'session_copied',
      'client_secret_revealed',
    ] as const) {
      expect(settingsEn.activity.events[key]).toBeTruthy();
      expect(settingsDe.activity.events[key]).toBeTruthy();
    }
    expect(settingsEn.activity.events.passkey_added).toBe('A passkey was added');
  });
});
