/**
 * Full names, About Me texts and the publishers approved from names now hold no character that
 * shows nothing (contracts/shown-text.ts: the soft hyphen, the combining grapheme joiner, Hangul
 * fillers, Khmer's inherent vowels, invisible operators, the blank Braille pattern, interlinear
 * annotation marks, invisible musical formatting, tag characters), besides those of migration
 * 0051. Texts saved before lose them, or the person could no longer save their profile (its form
 * sends every field); a name of nothing else becomes none. In About Me a line or paragraph
 * separator becomes a line break. The classes are shown-text.ts's as of this migration.
 */
// What a text of one line may not hold, but its line breaks and tabs (About Me keeps those).
const SHOWS_NOTHING = `\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb\\U0001d173-\\U0001d17a\\U000e0000-\\U000e007f`;
const HIDDEN = `'[\\u0001-\\u001f\\u2028\\u2029${SHOWS_NOTHING}]'`;
const HIDDEN_IN_LINES = `'[\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f${SHOWS_NOTHING}]'`;

export const up = [
  `update profiles set full_name = nullif(trim(regexp_replace(full_name, ${HIDDEN}, '', 'g')), '')
     where full_name ~ ${HIDDEN}`,
  `update oauth2_clients set publisher = nullif(trim(regexp_replace(publisher, ${HIDDEN}, '', 'g')), '')
     where publisher ~ ${HIDDEN}`,
  `update profiles
      set bio = nullif(trim(regexp_replace(regexp_replace(bio, '[\\u2028\\u2029]', E'\\n', 'g'), ${HIDDEN_IN_LINES}, '', 'g')), '')
    where bio ~ '[\\u2028\\u2029]' or bio ~ ${HIDDEN_IN_LINES}`,
];
