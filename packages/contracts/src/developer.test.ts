import { describe, expect, it } from 'vitest';
import { clientSettingsSchema, registerClientSchema } from './developer';
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
      post_logout_redirect_uris: [' ', ' https://a.example/bye ', 'com.example.app:/bye'],
    });
    expect(parsed).toMatchObject({
      require_pkce: false,
      post_logout_redirect_uris: ['https://a.example/bye', 'com.example.app:/bye'],
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
    const bad = registerClientSchema.safeParse({ ...base, redirect_uris: ['https://a.example/cb#x'] });
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.redirectUriInvalid);
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
