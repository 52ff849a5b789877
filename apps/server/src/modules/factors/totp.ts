import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/** RFC 6238 with the parameters every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD = 30;
const DIGITS = 6;

function totp(secret: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
  });
}

/** A new random secret (160 bits, RFC 4226's recommendation), as base32 for the 'Setup key'. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an app scans, and its QR code as SVG. */
export function enrolment(secret: string, label: string, issuer: string) {
  const url = totp(secret, label, issuer).toString();
  return { otpauth_url: url, qr_svg: renderSVG(url, { border: 2 }) };
}

/**
 * The time step a code is valid for (the current one, or one step either side for clock drift),
 * or null. Single use is the caller's: a step at or before the last accepted one is refused.
 */
export function acceptedStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/** The code for a time (tests and the benchmark compute what an authenticator app would show). */
export function codeAt(secret: string, at = Date.now()): string {
  return totp(secret).generate({ timestamp: at });
}
