import { describe, expect, it } from 'vitest';
import { validateAuthorizeQuery } from './validate-query';

const q = (s: string) => new URLSearchParams(s);
const full =
  'client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&response_type=code&scope=profile&state=x';

describe('validateAuthorizeQuery', () => {
  it('accepts a complete request', () => {
    expect(validateAuthorizeQuery(q(full), 'authorize')).toBeNull();
  });
  it('names the missing client_id per entry', () => {
    expect(validateAuthorizeQuery(q(''), 'authorize')).toBe('missingClientIdParam');
    expect(validateAuthorizeQuery(q(''), 'consent')).toBe('missingClientId');
  });
  it('checks redirect_uri, then response_type', () => {
    expect(validateAuthorizeQuery(q('client_id=a'), 'authorize')).toBe('missingRedirectUriParam');
    expect(validateAuthorizeQuery(q('client_id=a&redirect_uri=b'), 'authorize')).toBe(
      'missingResponseTypeParam',
    );
    expect(validateAuthorizeQuery(q('client_id=a&redirect_uri=b&response_type=token'), 'consent')).toBe(
      'invalidResponseType',
    );
  });
});
