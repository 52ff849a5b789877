import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

const cases: [string, string, string, string | null][] = [
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'iOS',
    'iOS',
    'Safari',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    'iOS',
    'iOS',
    'Safari',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    'Android',
    'Android',
    'Chrome',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    'Windows',
    'Windows',
    'Chrome',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'Mac',
    'macOS',
    'Safari',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Unknown', 'Linux', 'Firefox'],
  [
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 Chrome/124.0 Safari/537.36',
    'Unknown',
    'Linux',
    'Chrome',
  ],
  ['curl/8.5.0', 'Unknown', 'Unknown', null],
  ['', 'Unknown', 'Unknown', null],
];

describe('parseUserAgent', () => {
  it.each(cases)('%s -> %s / %s / %s', (ua, device, os, browser) => {
    expect(parseUserAgent(ua)).toEqual({ device, os, browser });
  });

  it('treats a missing header as Unknown', () => {
    expect(parseUserAgent(undefined)).toEqual({ device: 'Unknown', os: 'Unknown', browser: null });
    expect(parseUserAgent(null)).toEqual({ device: 'Unknown', os: 'Unknown', browser: null });
  });
});

describe('parseUserAgent, browsers', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Microsoft Edge',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'Chrome',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox'],
  ])('%s -> %s', (ua, browser) => {
    expect(parseUserAgent(ua).browser).toBe(browser);
  });
});

describe('parseUserAgent, a User-Agent that names no browser', () => {
  it.each([
    'Your account is suspended - restore it at https://omnia-restore.example/1/1.0 (x',
    'curl/8.5.0',
    'Omnia Support: call +1-555-0100/1.0',
  ])('%s names none: its text is never shown as a browser', (ua) => {
    expect(parseUserAgent(ua).browser).toBeNull();
  });
});
