/**
 * Characters that make a text shown to people read other than it is written: C0 and C1 controls,
 * the bidirectional embeddings, overrides, isolates and marks (U+202E shows "ppa laiciffo ainmO"
 * as "Omnia official app"), and invisible spaces (zero-width space, word joiners, the byte-order
 * mark). The zero-width joiner and non-joiner stay: scripts and emoji need them.
 */
function hides(codePoint: number, lineBreaks: boolean): boolean {
  if (codePoint < 0x20)
    return !(lineBreaks && (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d));
  return (
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x061c ||
    codePoint === 0x180e ||
    codePoint === 0x200b ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x2064) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069) ||
    codePoint === 0xfeff
  );
}

/**
 * Whether a name or text people read on the consent screen hides characters (above); `lineBreaks`
 * lets a text of several lines keep its line breaks and tabs.
 */
export function hidesCharacters(text: string, options: { lineBreaks?: boolean } = {}): boolean {
  for (const char of text) if (hides(char.codePointAt(0) ?? 0, options.lineBreaks ?? false)) return true;
  return false;
}
