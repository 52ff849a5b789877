/**
 * Characters that make a text shown to people read other than it is written: C0 and C1 controls,
 * the bidirectional embeddings, overrides, isolates and marks (U+202E shows "ppa laiciffo ainmO"
 * as "Omnia official app"), line and paragraph separators, and characters that show nothing
 * (zero-width space, word joiners, the byte-order mark, the soft hyphen, the combining grapheme
 * joiner, the Hangul fillers, Khmer's inherent vowels, the blank Braille pattern, invisible
 * operators and musical formatting, interlinear annotation marks): a name of them reads as blank,
 * or hides words nobody sees. The zero-width joiner and non-joiner and the variation selectors
 * stay: scripts and emoji need them. Tag characters are checked apart (tagsHide).
 */
function hides(codePoint: number, lineBreaks: boolean): boolean {
  if (codePoint < 0x20)
    return !(lineBreaks && (codePoint === 0x09 || codePoint === 0x0a || codePoint === 0x0d));
  return (
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0xad ||
    codePoint === 0x034f ||
    codePoint === 0x061c ||
    codePoint === 0x115f ||
    codePoint === 0x1160 ||
    codePoint === 0x17b4 ||
    codePoint === 0x17b5 ||
    codePoint === 0x180e ||
    codePoint === 0x200b ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x206f) ||
    codePoint === 0x2800 ||
    codePoint === 0x3164 ||
    codePoint === 0xfeff ||
    codePoint === 0xffa0 ||
    (codePoint >= 0xfff9 && codePoint <= 0xfffb) ||
    (codePoint >= 0x1d173 && codePoint <= 0x1d17a)
  );
}

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const isTag = (codePoint: number) => codePoint >= 0xe0000 && codePoint <= 0xe007f;

/**
 * Tag characters show nothing, and can carry a hidden text after a visible one. Their one use in
 * text is a flag of a region (England: a black flag, the tags 'gbeng', a cancel tag): only that
 * shape is taken.
 */
function tagsHide(codePoints: readonly number[]): boolean {
  for (let i = 0; i < codePoints.length; i++) {
    if (!isTag(codePoints[i] ?? 0)) continue;
    if (codePoints[i - 1] !== BLACK_FLAG) return true;
    let end = i;
    while (end < codePoints.length && (codePoints[end] ?? 0) >= 0xe0020 && (codePoints[end] ?? 0) <= 0xe007e)
      end++;
    if (end === i || codePoints[end] !== CANCEL_TAG) return true;
    i = end;
  }
  return false;
}

/**
 * Whether a name or text people read on the consent screen hides characters (above); `lineBreaks`
 * lets a text of several lines keep its line breaks and tabs.
 */
export function hidesCharacters(text: string, options: { lineBreaks?: boolean } = {}): boolean {
  const codePoints = Array.from(text, (char) => char.codePointAt(0) ?? 0);
  if (codePoints.some((codePoint) => hides(codePoint, options.lineBreaks ?? false))) return true;
  return tagsHide(codePoints);
}
