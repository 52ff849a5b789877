/** With the u flag a surrogate pair is one code point: only an unpaired one is in Cs. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/**
 * Text PostgreSQL cannot store: NUL (text refuses it) and an unpaired surrogate (JSON refuses it);
 * no field of ours has a use for either. The catalogue key of the first found, if any.
 */
export function unstorableText(value: unknown, depth = 0): 'textHasNul' | 'textMalformed' | undefined {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return 'textHasNul';
    return UNPAIRED_SURROGATE.test(value) ? 'textMalformed' : undefined;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  const parts = Array.isArray(value) ? value : Object.entries(value).flat();
  for (const part of parts) {
    const found = unstorableText(part, depth + 1);
    if (found) return found;
  }
  return undefined;
}
