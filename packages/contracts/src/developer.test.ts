import { describe, expect, it } from 'vitest';
import { clientSettingsSchema, registerClientSchema, updateClientSchema } from './developer';
import { MESSAGES } from './messages';
import { webOriginsOf } from './redirect-uris';

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
    ['com.example.app:/callback', MESSAGES.customSchemeNeedsNative],
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
    expect(logout.error?.issues[0]?.path).toEqual(['post_logout_redirect_uris', 0]);
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

describe('registerClientSchema: app types', () => {
  it('registers a web application unless told otherwise', () => {
    expect(registerClientSchema.parse(base).app_type).toBe('web');
    expect(registerClientSchema.safeParse({ ...base, app_type: 'service' }).success).toBe(false);
  });
  it('takes the web rules for a single-page app, and PKCE cannot be turned off', () => {
    const spa = { ...base, app_type: 'spa' };
    expect(registerClientSchema.parse({ ...spa, redirect_uris: ['http://localhost:5173/'] })).toMatchObject({
      app_type: 'spa',
      require_pkce: true,
    });
    const noPkce = registerClientSchema.safeParse({ ...spa, require_pkce: false });
    expect(noPkce.error?.issues).toEqual([
      expect.objectContaining({ path: ['require_pkce'], message: MESSAGES.pkceRequiredPublic }),
    ]);
    const scheme = registerClientSchema.safeParse({ ...spa, redirect_uris: ['com.example.app:/cb'] });
    expect(scheme.error?.issues[0]?.message).toBe(MESSAGES.customSchemeNeedsNative);
  });
  it.each([
    'com.example.app:/oauth2redirect',
    'com.example.app://callback',
    'https://app.example.com/native/callback',
    'http://127.0.0.1/callback',
    'http://127.0.0.1:51004/callback',
    'http://[::1]/callback',
  ])('accepts %s for a native app', (uri) => {
    const parsed = registerClientSchema.safeParse({ ...base, app_type: 'native', redirect_uris: [uri] });
    expect(parsed.error?.issues).toBeUndefined();
  });
  it.each([
    ['http://localhost:8080/callback', MESSAGES.nativeLocalhost],
    ['myapp:/callback', MESSAGES.nativeRedirectUriInvalid],
    ['com.example.app:callback', MESSAGES.nativeRedirectUriInvalid],
    ['javascript:alert(1)', MESSAGES.nativeRedirectUriInvalid],
    ['data:text/html,hi', MESSAGES.nativeRedirectUriInvalid],
    ['file:///etc/passwd', MESSAGES.nativeRedirectUriInvalid],
    ['http://a.example/cb', MESSAGES.nativeRedirectUriInvalid],
    ['https://127.0.0.1/cb', MESSAGES.nativeRedirectUriInvalid],
    ['com.example.app:/cb#x', MESSAGES.uriHasFragment],
  ])('refuses %s for a native app with its reason', (uri, message) => {
    const native = { ...base, app_type: 'native' };
    const redirect = registerClientSchema.safeParse({ ...native, redirect_uris: [uri] });
    expect(redirect.error?.issues).toEqual([
      expect.objectContaining({ path: ['redirect_uris', 0], message }),
    ]);
    const logout = registerClientSchema.safeParse({ ...native, post_logout_redirect_uris: [uri] });
    expect(logout.error?.issues[0]?.path).toEqual(['post_logout_redirect_uris', 0]);
  });
  it('gives one message per URI, the form before the kind', () => {
    const parsed = registerClientSchema.safeParse({
      ...base,
      app_type: 'native',
      redirect_uris: ['myapp:/a b'],
    });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([MESSAGES.redirectUriInvalid]);
  });
  it('lists a single-page app’s web origins from its redirect URIs', () => {
    expect(
      webOriginsOf([
        'https://app.example.com/cb',
        'https://app.example.com:443/other',
        'http://localhost:5173/',
        'com.example.app:/cb',
      ]),
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });
});
