import type { SigningKeyState } from '../modules/oauth';

const STATE_WORDS: Record<SigningKeyState['state'], string> = {
  active: 'signs',
  next: 'published, signs from',
  retired: 'retired, published to verify',
};

/** `keys list`: one line per key, oldest first. */
export function formatKeyTable(keys: SigningKeyState[]): string {
  if (keys.length === 0) return 'No signing keys yet (the server makes the first when it starts).';
  return keys
    .map((k) => `${k.kid}  ${STATE_WORDS[k.state]}${k.state === 'next' ? ` ${k.activates_at}` : ''}`)
    .join('\n');
}

/** `keys rotate`: what was made and when it signs. */
export function formatMadeKey(key: { kid: string; activates_at: string }): string {
  return `Made signing key ${key.kid}: published in the JWKS now, it signs from ${key.activates_at}. Every instance follows within half a minute.`;
}
