import { writeMessageKeys } from '@omnia/contracts/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { serverIssues } from './server-issues';
import { EMPTY_REGISTRATION, fieldErrors, type RegisterValues, registerResolver } from './use-register';

const check = async (values: Partial<RegisterValues>) => {
  const result = await registerResolver({ ...EMPTY_REGISTRATION, ...values }, undefined, {
    fields: {},
    shouldUseNativeValidation: undefined,
  });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
};

describe('the registration form’s rules (the shared schema, one message per field)', () => {
  // As on the web: the schemas write message keys, shown in the reader's language.
  beforeAll(() => writeMessageKeys());

  it('says what is missing, under the field it concerns', async () => {
    expect(await check({ scopes: [] })).toEqual({
      name: 'appNameRequired',
      redirectUris: 'redirectUriRequired',
      scopes: 'scopeRequired',
    });
  });

  it('drops blank rows and checks each URI that is left', async () => {
    const rows = (...values: string[]) => values.map((value, i) => ({ id: i + 1, value }));
    expect(await check({ name: 'App', redirectUris: rows('  ', '') })).toEqual({
      redirectUris: 'redirectUriRequired',
    });
    expect(
      await check({
        name: 'App',
        redirectUris: rows('https://app.example/cb', 'http://evil.example/cb'),
        postLogoutUris: rows('ftp://x'),
      }),
    ).toEqual({ redirectUris: 'redirectUriInvalid', postLogoutUris: 'postLogoutRedirectUriInvalid' });
    expect(await check({ name: 'App', redirectUris: rows('https://app.example/cb') })).toEqual({});
  });

  it('puts the server’s field messages under the same fields', () => {
    const errors = fieldErrors([
      { path: ['redirect_uris', '1'], message: 'redirectUriInvalid' },
      { path: ['redirect_uris', '2'], message: 'second' },
      { path: ['allowed_scopes'], message: 'scopeRequired' },
      { path: ['logo_url'], message: 'not a field of the form' },
    ]);
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]))).toEqual({
      redirectUris: 'redirectUriInvalid',
      scopes: 'scopeRequired',
    });
  });

  it('reads the server’s refusal of a form by field, and nothing from any other failure', () => {
    const refused = new ApiError(400, 'validation_failed', {
      fields: { 'redirect_uris.0': 'redirectUriInvalid', name: 'appNameRequired' },
    });
    const errors = fieldErrors(serverIssues(refused));
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v?.message]))).toEqual({
      name: 'appNameRequired',
      redirectUris: 'redirectUriInvalid',
    });
    expect(serverIssues(new ApiError(401, 'invalid_credentials', { fields: { name: 'taken' } }))).toEqual([]);
    expect(serverIssues(new Error('offline'))).toEqual([]);
  });
});
