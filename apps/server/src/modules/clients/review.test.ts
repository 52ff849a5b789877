import { DEFAULT_CLIENT_SECURITY } from '@omnia/contracts/client-security';
import { describe, expect, it } from 'vitest';
import { type ClientFields, diff, reviewVersion, splitChange } from './review';

const current: ClientFields = {
  name: 'Photos',
  description: 'Prints your photos',
  logo_url: '/storage/oauth2-logos/u/1.png',
  redirect_uris: ['https://photos.example/cb'],
  allowed_scopes: ['profile'],
  require_pkce: true,
  post_logout_redirect_uris: [],
  require_two_step: false,
  backchannel_logout_uri: null,
  security: DEFAULT_CLIENT_SECURITY,
  homepage_url: 'https://photos.example',
  privacy_url: 'https://photos.example/privacy',
  terms_url: 'https://photos.example/terms',
};

describe('which changes of an approved app wait for review', () => {
  it('a new name, logo and redirect URI wait; the reviewed ones keep working', () => {
    const { live, held } = splitChange(
      current,
      {
        name: 'Omnia Security Team',
        logo_url: '/storage/oauth2-logos/u/2.png',
        redirect_uris: ['https://attacker.example/harvest'],
      },
      {},
      true,
    );
    expect(held).toEqual({
      name: 'Omnia Security Team',
      logo_url: '/storage/oauth2-logos/u/2.png',
      redirect_uris: ['https://attacker.example/harvest'],
    });
    expect(live).toEqual(current);
  });

  it('a changed or removed link waits: people open them from the consent screen', () => {
    const { live, held } = splitChange(
      current,
      { homepage_url: 'https://attacker.example', terms_url: null },
      {},
      true,
    );
    expect(held).toEqual({ homepage_url: 'https://attacker.example', terms_url: null });
    expect(live).toEqual(current);
  });

  it('an app in testing mode takes new links at once', () => {
    const { live, held } = splitChange(current, { homepage_url: 'https://new.example' }, {}, false);
    expect(held).toEqual({});
    expect(live.homepage_url).toBe('https://new.example');
  });

  it('removals, the description, scopes and settings apply at once', () => {
    const { live, held } = splitChange(
      { ...current, redirect_uris: ['https://photos.example/cb', 'https://photos.example/old'] },
      {
        description: null,
        logo_url: null,
        redirect_uris: ['https://photos.example/cb'],
        allowed_scopes: ['profile', 'email'],
        require_pkce: false,
      },
      {},
      true,
    );
    expect(held).toEqual({});
    expect(live).toMatchObject({
      description: null,
      logo_url: null,
      redirect_uris: ['https://photos.example/cb'],
      allowed_scopes: ['profile', 'email'],
      require_pkce: false,
    });
  });

  it('a list with a new URI: the reviewed ones in it stay live, the whole list waits', () => {
    const { live, held } = splitChange(
      current,
      { redirect_uris: ['https://photos.example/cb', 'https://photos.example/new'] },
      {},
      true,
    );
    expect(live.redirect_uris).toEqual(['https://photos.example/cb']);
    expect(held.redirect_uris).toEqual(['https://photos.example/cb', 'https://photos.example/new']);
  });

  it('what already waits is kept when another field changes, and dropped when reverted', () => {
    const waiting = { name: 'Photos Pro' };
    expect(splitChange(current, { require_two_step: true }, waiting, true).held).toEqual(waiting);
    expect(splitChange(current, { name: 'Photos' }, waiting, true).held).toEqual({});
  });

  it('an app in testing mode (not approved) changes at once', () => {
    const { live, held } = splitChange(
      current,
      { name: 'Anything', redirect_uris: ['https://x.example/cb'] },
      {},
      false,
    );
    expect(held).toEqual({});
    expect(live).toMatchObject({ name: 'Anything', redirect_uris: ['https://x.example/cb'] });
  });

  it('diff names the changed fields with their values', () => {
    expect(diff(current, { ...current, name: 'New', require_pkce: false })).toEqual({
      fields: ['name', 'require_pkce'],
      before: { name: 'Photos', require_pkce: true },
      after: { name: 'New', require_pkce: false },
    });
  });
});

describe('the version an approval names', () => {
  const links = {
    homepage_url: 'https://notes.example',
    privacy_url: 'https://notes.example/privacy',
    terms_url: 'https://notes.example/terms',
  };
  const common = {
    publisher: null,
    logo_url: null,
    redirect_uris: ['https://notes.example/callback'],
    post_logout_redirect_uris: [],
    ...links,
  };

  it('is the whole SHA-256: two apps a developer made to share a 48-bit prefix have different versions', () => {
    // Found offline in about 2^25 hashes (a birthday search on the first 12 hex digits): a
    // harmless app listed for review, and the harmful one it would have been edited into.
    const harmless = {
      ...common,
      name: 'Acme Notes',
      description: 'A simple note-taking app. Build 2d125905e7de',
    };
    const harmful = {
      ...common,
      name: 'Omnia Account Security',
      description: 'Official Omnia account recovery. Build 751f07b92e35',
    };
    expect(reviewVersion(harmless).slice(0, 12)).toBe(reviewVersion(harmful).slice(0, 12));
    expect(reviewVersion(harmless)).not.toBe(reviewVersion(harmful));
    expect(reviewVersion(harmless)).toMatch(/^[0-9a-f]{64}$/);
  });
});
