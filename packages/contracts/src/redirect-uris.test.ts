import { describe, expect, it } from 'vitest';
import { isAppPlace, returnsTo } from './redirect-uris';

describe('returnsTo: where a redirect URI sends people, as they are shown it', () => {
  it('names a website by its host, port included', () => {
    expect(returnsTo('https://photos.example/cb')).toBe('photos.example');
    expect(returnsTo('http://127.0.0.1:8080/cb')).toBe('127.0.0.1:8080');
    expect(isAppPlace('photos.example')).toBe(false);
  });

  it('names an app by its scheme with the colon, even when the scheme reads like a domain', () => {
    expect(returnsTo('accounts.bank.example:/cb')).toBe('accounts.bank.example:');
    expect(returnsTo('com.example.app://bank.example/cb')).toBe('com.example.app:');
    expect(isAppPlace('accounts.bank.example:')).toBe(true);
  });

  it('names nothing for what is not a URI', () => {
    expect(returnsTo('not a uri')).toBeNull();
  });
});
