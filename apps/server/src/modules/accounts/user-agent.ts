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

/** SPEC §3 categories and the browser's name from a User-Agent, by a maintained parser (bowser). */
export function parseUserAgent(userAgent: string | undefined | null): DeviceInfo {
  const ua = userAgent ?? '';
  if (!ua) return { device: 'Unknown', os: 'Unknown', browser: null };
  const parsed = Bowser.parse(ua);
  const os = OS[parsed.os.name ?? ''] ?? 'Unknown';
  return { device: DEVICE[os], os, browser: parsed.browser.name || null };
}
