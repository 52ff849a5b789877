import { describe, expect, it } from 'vitest';
import { onOurHost, onSuiteHost } from './our-host';

describe('an API identifier on Omnia’s own host', () => {
  it.each([
    'https://accounts.example.com/api',
    'https://ACCOUNTS.example.com/orders',
    'https://accounts.example.com./api',
    'https://accounts.example.com:8443/',
  ])('%s is ours', (identifier) => {
    expect(onOurHost(identifier, 'https://accounts.example.com')).toBe(true);
  });

  it('another host, a sub-domain, and a public URL written with the dot', () => {
    expect(onOurHost('https://api.accounts.example.com/', 'https://accounts.example.com')).toBe(false);
    expect(onOurHost('https://example.com/', 'https://accounts.example.com')).toBe(false);
    expect(onOurHost('https://accounts.example.com/api', 'https://accounts.example.com.')).toBe(true);
  });
});

describe('an API identifier on a suite service’s host', () => {
  const suite = ['https://cloudbliss.app', 'https://luupz.com'];
  it.each(['https://cloudbliss.app/', 'https://api.cloudbliss.app/v1', 'https://LUUPZ.com./x'])(
    '%s is the suite’s',
    (id) => {
      expect(onSuiteHost(id, suite)).toBe(true);
    },
  );
  it.each([
    'https://notcloudbliss.app/',
    'https://cloudbliss.app.evil.example/',
    'https://orders.example.test/',
  ])('%s is not', (id) => {
    expect(onSuiteHost(id, suite)).toBe(false);
  });
});
