/**
 * A full name is shown as 'Published by' on the consent screen of its owner's apps, and now holds
 * no character that makes it read other than written (contracts/shown-text.ts: controls,
 * bidirectional overrides, isolates and marks, invisible spaces). Names saved before, and the
 * publishers approved from them, lose those characters: "\u202EmaeT ytiruceS ainmO" showed as
 * "Omnia Security Team". The class below is shown-text.ts's as of this migration.
 */
const HIDDEN = `'[\\u0001-\\u001f\\u007f-\\u009f\\u061c\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]'`;

export const up = [
  `update profiles set full_name = nullif(trim(regexp_replace(full_name, ${HIDDEN}, '', 'g')), '')
     where full_name ~ ${HIDDEN}`,
  `update oauth2_clients set publisher = nullif(trim(regexp_replace(publisher, ${HIDDEN}, '', 'g')), '')
     where publisher ~ ${HIDDEN}`,
];
