import { describe, expect, it } from 'vitest';
import { onOurHost } from './our-host';

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
