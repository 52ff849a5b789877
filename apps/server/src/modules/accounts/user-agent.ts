import type { SessionLog } from '@omnia/contracts';

export interface DeviceInfo {
  device: SessionLog['device'];
  os: SessionLog['os'];
}

/**
 * SPEC §3 categories from a User-Agent. Order matters: Android UAs also say "Linux", and iOS UAs
 * say "like Mac OS X". iPadOS 13+ presents itself as a Mac and is counted as one.
 */
export function parseUserAgent(userAgent: string | undefined | null): DeviceInfo {
  const ua = userAgent ?? '';
  if (/\b(iPhone|iPad|iPod)\b/i.test(ua)) return { device: 'iOS', os: 'iOS' };
  if (/\bAndroid\b/i.test(ua)) return { device: 'Android', os: 'Android' };
  if (/\bWindows\b/i.test(ua)) return { device: 'Windows', os: 'Windows' };
  if (/\bMacintosh\b|\bMac OS X\b/i.test(ua)) return { device: 'Mac', os: 'macOS' };
  if (/\b(Linux|X11|CrOS)\b/i.test(ua)) return { device: 'Unknown', os: 'Linux' };
  return { device: 'Unknown', os: 'Unknown' };
}
