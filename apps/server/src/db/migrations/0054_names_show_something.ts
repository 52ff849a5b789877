/**
 * Texts people read (full names and the publishers approved from them, About Me, apps' names and
 * descriptions, APIs' names and scope words, passkeys' names) now hold no character that shows
 * nothing (contracts/shown-text.ts: the soft hyphen, the combining grapheme joiner, Hangul fillers,
 * Khmer's inherent vowels, invisible operators, the blank Braille pattern, interlinear annotation
 * marks, invisible musical formatting, tag characters outside a region's flag), besides those of
 * migration 0051. Texts saved before lose them, or their owners could no longer save the form that
 * sends them (and would not see why). A full name or About Me of nothing else becomes none; a
 * name that must be there keeps what it was. In a text of several lines a line or paragraph
 * separator becomes a line break. The classes are shown-text.ts's as of this migration.
 */
const SHOWS_NOTHING = `\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u2800\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb\\U0001d173-\\U0001d17a`;
/** One line: controls and separators too. Several lines: their line breaks and tabs stay. */
const HIDDEN = `'[\\u0001-\\u001f\\u2028\\u2029${SHOWS_NOTHING}]'`;
const HIDDEN_IN_LINES = `'[\\u0001-\\u0008\\u000b\\u000c\\u000e-\\u001f${SHOWS_NOTHING}]'`;
/** Tag characters: a region's flag (a black flag, tags, a cancel tag) is kept whole, any other goes. */
const TAG = `'[\\U000e0000-\\U000e007f]'`;
const withoutStrayTags = (text: string) =>
  `regexp_replace(${text}, '(\\U0001f3f4[\\U000e0020-\\U000e007e]+\\U000e007f)|[\\U000e0000-\\U000e007f]', '\\1', 'g')`;

const oneLine = (text: string) => `trim(regexp_replace(${withoutStrayTags(text)}, ${HIDDEN}, '', 'g'))`;
const lines = (text: string) =>
  `trim(regexp_replace(${withoutStrayTags(`regexp_replace(${text}, '[\\u2028\\u2029]', E'\\n', 'g')`)}, ${HIDDEN_IN_LINES}, '', 'g'))`;
const holdsHidden = (text: string, hidden: string) =>
  `(${text} ~ ${hidden} or ${text} ~ ${TAG} or ${text} ~ '[\\u2028\\u2029]')`;

/** `column` of `table` cleaned where it needs it: `orNone` a text that may become null. */
const clean = (table: string, column: string, kind: 'line' | 'lines', orNone: boolean) => {
  const cleaned = kind === 'line' ? oneLine(column) : lines(column);
  const value = orNone ? `nullif(${cleaned}, '')` : `coalesce(nullif(${cleaned}, ''), ${column})`;
  return `update ${table} set ${column} = ${value}
    where ${holdsHidden(column, kind === 'line' ? HIDDEN : HIDDEN_IN_LINES)}`;
};

export const up = [
  clean('profiles', 'full_name', 'line', true),
  clean('profiles', 'bio', 'lines', true),
  clean('oauth2_clients', 'publisher', 'line', true),
  clean('oauth2_clients', 'name', 'line', false),
  clean('oauth2_clients', 'description', 'lines', true),
  clean('oauth2_apis', 'name', 'line', false),
  clean('passkeys', 'name', 'line', false),
  // An API's scopes: each one's words, in their order (found in the scopes' JSON text, where the
  // characters that show nothing stand as they are).
  `update oauth2_apis a set scopes = (
      select jsonb_agg(case when s.scope ? 'description'
        then jsonb_set(s.scope, '{description}', to_jsonb(coalesce(nullif(${oneLine(`(s.scope ->> 'description')`)}, ''), s.scope ->> 'description')))
        else s.scope end order by s.position)
        from jsonb_array_elements(a.scopes) with ordinality as s(scope, position))
    where ${holdsHidden('a.scopes::text', HIDDEN_IN_LINES)}`,
];
