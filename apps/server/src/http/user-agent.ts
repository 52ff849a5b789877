import type { SessionLog } from '@omnia/contracts';
import Bowser from 'bowser';

export interface DeviceInfo {
  device: SessionLog['device'];
  os: SessionLog['os'];
  /** The browser's name ('Chrome', 'Firefox', 'Safari', 'Microsoft Edge'…), when the UA names one. */
  browser: string | null;
}

const OS: Record<string, SessionLog['os']> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Linux: 'Linux',
  'Chrome OS': 'Linux',
  Android: 'Android',
  iOS: 'iOS',
  iPadOS: 'iOS',
};

/** SPEC §3's device category for an operating system (iPadOS 13+ presents itself as a Mac). */
const DEVICE: Record<SessionLog['os'], SessionLog['device']> = {
  Windows: 'Windows',
  macOS: 'Mac',
  Linux: 'Unknown',
  Android: 'Android',
  iOS: 'iOS',
  Unknown: 'Unknown',
};

/**
 * The browser names the parser knows. For anything else it returns the User-Agent's text up to
 * its first '/', which whoever signs in writes: shown in a sign-in mail to the account's owner,
 * it would be the sender's own sentence ('Your account is suspended: restore it at …').
 */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'));

/** SPEC §3 categories and the browser's name from a User-Agent, by a maintained parser (bowser). */
export function parseUserAgent(userAgent: string | undefined | null): DeviceInfo {
  const ua = userAgent ?? '';
  if (!ua) return { device: 'Unknown', os: 'Unknown', browser: null };
  const parsed = Bowser.parse(ua);
  const os = OS[parsed.os.name ?? ''] ?? 'Unknown';
  const name = parsed.browser.name ?? '';
  return { device: DEVICE[os], os, browser: KNOWN_BROWSERS.has(name) ? name : null };
}
