import { randomInt } from 'node:crypto';
import { hashToken } from '../../crypto/tokens';

/** Ten codes, as the issue and most providers give. */
export const RECOVERY_CODE_COUNT = 10;

// No 0/O, 1/I/L: a code read off paper is typed right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A code like 'K7QX-M2PD-R9TW' (60 bits): shown once, stored only as its hash. */
export function newRecoveryCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

/** The hash a code is stored and looked up by; spaces, dashes and case do not matter. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.replace(/[\s-]/g, '').toUpperCase());
}
