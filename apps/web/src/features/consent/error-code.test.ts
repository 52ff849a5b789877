import { CONSENT_ERRORS, consentErrorMessage } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { message } from '@/lib/messages';

/** What the error page shows for its `error` parameter. */
const shown = (code: string | null) => message(consentErrorMessage(code));

describe('the error page text of an error code', () => {
  beforeAll(() => setLanguage('en'));
  afterAll(() => setLanguage('en'));

  it('is the catalogue text of each known code', () => {
    expect(shown('pending_client')).toBe(MESSAGES.pendingClientNotOwner);
    expect(shown('invalid_redirect_uri')).toBe(MESSAGES.unregisteredRedirectUri);
    expect(shown('missing_client_id')).toBe('Missing client_id parameter');
    for (const [code, key] of Object.entries(CONSENT_ERRORS)) expect(shown(code)).toBe(MESSAGES[key]);
  });

  it("is 'Invalid authorization request' for anything else, inherited names included", () => {
    for (const code of [
      null,
      '',
      'unknown_code',
      'unknownClient',
      '__proto__',
      'toString',
      'constructor',
      'PENDING_CLIENT',
    ]) {
      expect(shown(code), String(code)).toBe('Invalid authorization request');
    }
  });

  it('is translated for every known code', async () => {
    for (const lng of ['es', 'fr', 'de'] as const) {
      await setLanguage(lng);
      for (const [code, key] of Object.entries(CONSENT_ERRORS)) {
        const text = shown(code);
        expect(text, `${lng} ${code}`).not.toBe('');
        expect(text, `${lng} ${code}`).not.toBe(key);
      }
      expect(shown('spoof')).toBe(message('invalidAuthorizationRequest'));
    }
    await setLanguage('de');
    expect(shown('unknown_code')).not.toBe('Invalid authorization request');
  });
});
