import { describe, expect, it } from 'vitest';
import { isCrossSite } from './same-origin.js';

const ours = 'https://id.example';

describe('isCrossSite', () => {
  it('takes a same-origin request and one the person started (address bar, bookmark)', () => {
    expect(isCrossSite({ secFetchSite: 'same-origin', origin: ours }, ours)).toBe(false);
    expect(isCrossSite({ secFetchSite: 'none', origin: undefined }, ours)).toBe(false);
  });

  it('refuses another site, a sibling host included', () => {
    expect(isCrossSite({ secFetchSite: 'cross-site', origin: 'https://evil.example' }, ours)).toBe(true);
    expect(isCrossSite({ secFetchSite: 'same-site', origin: 'https://app.id.example' }, ours)).toBe(true);
  });

  it('refuses a foreign Origin on a request that claims the person started it', () => {
    expect(isCrossSite({ secFetchSite: 'none', origin: 'https://evil.example' }, ours)).toBe(true);
    expect(isCrossSite({ secFetchSite: 'none', origin: 'null' }, ours)).toBe(true);
  });

  it('judges a client without Sec-Fetch-Site by its Origin, and one with neither as no browser', () => {
    expect(isCrossSite({ secFetchSite: undefined, origin: 'https://evil.example' }, ours)).toBe(true);
    expect(isCrossSite({ secFetchSite: undefined, origin: ours }, ours)).toBe(false);
    expect(isCrossSite({ secFetchSite: undefined, origin: undefined }, ours)).toBe(false);
  });
});
