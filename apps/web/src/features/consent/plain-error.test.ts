import { CONSENT_ERRORS } from '@omnia/contracts/developer';
import { describe, expect, it } from 'vitest';
import { plainErrorOf } from './plain-error';

describe('the plain sentence of a refused authorization', () => {
  it('tells people an unknown app or address is not available, and a pending one not yet', () => {
    expect(plainErrorOf(CONSENT_ERRORS.invalid_client)).toBe('unavailable');
    expect(plainErrorOf(CONSENT_ERRORS.invalid_redirect_uri)).toBe('unavailable');
    expect(plainErrorOf(CONSENT_ERRORS.pending_client)).toBe('notReviewed');
  });
  it('calls every malformed request a bad link', () => {
    for (const code of [
      'missing_client_id',
      'missing_redirect_uri',
      'missing_response_type',
      'unsupported_response_type',
      'invalid_request',
    ] as const)
      expect(plainErrorOf(CONSENT_ERRORS[code])).toBe('badLink');
  });
  it('leaves texts that already speak to people as they are', () => {
    expect(plainErrorOf(CONSENT_ERRORS.expired)).toBeUndefined();
    expect(plainErrorOf('failedToValidateAuthorization')).toBeUndefined();
    expect(plainErrorOf(undefined)).toBeUndefined();
  });
});
