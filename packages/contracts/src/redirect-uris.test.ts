import { describe, expect, it } from 'vitest';
import { isAppPlace, landsOnThisMachine, returnsTo } from './redirect-uris';

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

describe('landsOnThisMachine: a redirect URI any program on the person’s machine can listen at', () => {
  it.each([
    'http://localhost:5173/cb',
    'http://127.0.0.1:8080/cb',
    'http://127.1:5173/cb',
    'http://127.0.0.2/cb',
    'http://[::1]:3000/cb',
    'https://localhost/cb',
    'https://app.localhost/cb',
    'https://[::ffff:127.0.0.1]/cb',
    'http://localhost.:5173/cb',
    'https://app.localhost./cb',
    'http://0.0.0.0:8080/cb',
  ])('%s: yes', (uri) => expect(landsOnThisMachine(uri)).toBe(true));
  it.each(['https://notes.example/cb', 'com.example.app:/cb', 'http://128.0.0.1/cb', 'not a uri'])(
    '%s: no',
    (uri) => expect(landsOnThisMachine(uri)).toBe(false),
  );
});
