import { describe, expect, it } from 'vitest';
import { clientSettingsSchema, registerClientSchema, updateClientSchema } from './developer';
import { MESSAGES } from './messages';

const base = { name: 'App', redirect_uris: ['https://a.example/cb'], allowed_scopes: ['profile'] };

describe('registerClientSchema: per-client settings', () => {
  it('defaults to PKCE required and no post-logout redirect URIs', () => {
    expect(registerClientSchema.parse(base)).toMatchObject({
      require_pkce: true,
      post_logout_redirect_uris: [],
    });
  });
  it('drops blank post-logout rows and checks the rest like redirect URIs', () => {
    const parsed = registerClientSchema.parse({
      ...base,
      require_pkce: false,
      post_logout_redirect_uris: [' ', ' https://a.example/bye ', 'http://localhost:8080/bye'],
    });
    expect(parsed).toMatchObject({
      require_pkce: false,
      post_logout_redirect_uris: ['https://a.example/bye', 'http://localhost:8080/bye'],
    });
    const bad = registerClientSchema.safeParse({
      ...base,
      post_logout_redirect_uris: ['http://a.example/bye'],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.postLogoutRedirectUriInvalid);
    expect(bad.error?.issues[0]?.path).toEqual(['post_logout_redirect_uris', 0]);
  });
  it('keeps the redirect URI rules and messages', () => {
    const blank = registerClientSchema.safeParse({ ...base, redirect_uris: ['  '] });
    expect(blank.error?.issues[0]?.message).toBe(MESSAGES.redirectUriRequired);
    const bad = registerClientSchema.safeParse({ ...base, redirect_uris: ['http://a.example/cb'] });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.redirectUriInvalid);
  });
  it.each([
    ['javascript.x:alert(1)', MESSAGES.redirectUriInvalid],
    ['javascript:alert(1)', MESSAGES.redirectUriInvalid],
    ['data:text/html,hi', MESSAGES.redirectUriInvalid],
    ['com.example.app:/callback', MESSAGES.redirectUriInvalid],
    ['ftp://a.example/cb', MESSAGES.redirectUriInvalid],
    ['https://a@b/', MESSAGES.uriHasUserInfo],
    ['https://user:pass@a.example/cb', MESSAGES.uriHasUserInfo],
    ['https://@a.example/cb', MESSAGES.uriHasUserInfo],
    ['https://a.example/cb#x', MESSAGES.uriHasFragment],
    ['https://a.example/cb#', MESSAGES.uriHasFragment],
    ['https://*.example.com/cb', MESSAGES.uriHasWildcard],
    ['https://a.example/*', MESSAGES.uriHasWildcard],
    ['not a url', MESSAGES.redirectUriInvalid],
    ['https://a.example/c\tb', MESSAGES.redirectUriInvalid],
    ['https://a.example/c\nb', MESSAGES.redirectUriInvalid],
  ])('refuses %s with its reason, for both kinds of URI', (uri, message) => {
    const redirect = registerClientSchema.safeParse({ ...base, redirect_uris: [uri] });
    expect(redirect.error?.issues[0]?.message).toBe(message);
    expect(redirect.error?.issues[0]?.path).toEqual(['redirect_uris', 0]);
    const logout = registerClientSchema.safeParse({ ...base, post_logout_redirect_uris: [uri] });
    const expected =
      message === MESSAGES.redirectUriInvalid ? MESSAGES.postLogoutRedirectUriInvalid : message;
    expect(logout.error?.issues[0]?.message).toBe(expected);
  });
  it.each([
    'https://a.example/cb',
    'https://a.example:8443/cb?x=1',
    'http://localhost:3000/cb',
    'http://127.0.0.1/cb',
  ])('accepts %s', (uri) => {
    expect(registerClientSchema.safeParse({ ...base, redirect_uris: [uri] }).success).toBe(true);
  });
});

describe('clientSettingsSchema', () => {
  it('takes either setting, and refuses an empty change', () => {
    expect(clientSettingsSchema.parse({ require_pkce: true })).toEqual({ require_pkce: true });
    expect(clientSettingsSchema.parse({ post_logout_redirect_uris: ['', 'https://a.example/bye'] })).toEqual({
      post_logout_redirect_uris: ['https://a.example/bye'],
    });
    expect(clientSettingsSchema.safeParse({}).success).toBe(false);
    expect(clientSettingsSchema.safeParse({ require_pkce: 'yes' }).success).toBe(false);
  });
});

describe('the app’s pages (homepage, privacy policy, terms)', () => {
  it('are optional: blank or missing is null at registration, missing is unchanged in an edit', () => {
    expect(registerClientSchema.parse({ ...base, homepage_url: '  ' })).toMatchObject({
      homepage_url: null,
      privacy_url: null,
      terms_url: null,
    });
    const edit = updateClientSchema.parse({ ...base, terms_url: '' });
    expect(edit.homepage_url).toBeUndefined();
    expect(edit.terms_url).toBeNull();
  });
  it('take https addresses (a fragment is fine), http only on loopback', () => {
    const parsed = registerClientSchema.parse({
      ...base,
      homepage_url: ' https://a.example ',
      privacy_url: 'https://a.example/legal#privacy',
      terms_url: 'http://localhost:8080/terms',
    });
    expect(parsed).toMatchObject({
      homepage_url: 'https://a.example',
      privacy_url: 'https://a.example/legal#privacy',
      terms_url: 'http://localhost:8080/terms',
    });
  });
  it.each([
    'a.example',
    'http://a.example',
    'javascript:alert(1)',
    'https://user:pw@a.example',
    'https://a.example/te\trms',
    `https://a.example/${'x'.repeat(2000)}`,
  ])('refuses %s under its field', (value) => {
    const bad = registerClientSchema.safeParse({ ...base, privacy_url: value });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['privacy_url'], message: MESSAGES.appLinkInvalid });
  });
});
