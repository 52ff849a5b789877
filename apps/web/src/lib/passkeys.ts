/**
 * Whether passkeys can work on this page: the browser has WebAuthn, and the site is reached by a
 * name, not an IP address (browsers refuse an IP address as the relying party, so a deployment
 * reached by one shows no passkey buttons instead of a raw 'invalid domain' error).
 */
export function passkeysUsableHere(): boolean {
  if (typeof window === 'undefined' || !('PublicKeyCredential' in window)) return false;
  return !isIpAddress(window.location.hostname);
}

/** An IPv4 address, or an IPv6 one (as a URL's host writes it, in brackets). */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith('[') || hostname.includes(':');
}
