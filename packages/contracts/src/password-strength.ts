import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
// One file each, not the package's index: the index would bring English's large lists as well.
import firstnames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';
import wordSequences from '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs';
import type { MessageKey } from './messages';

/**
 * The password rule after the SPEC's (at least 8 characters): no password among the most common or
 * trivially guessable ones, judged by zxcvbn-ts with its dictionaries (shipped with the app, no
 * network). The same function runs on the server (the rule) and in the browser (the meter and the
 * form's message); the web app loads this module only on the screens that set a password.
 */
export const PASSWORD_MIN_SCORE = 2;
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** zxcvbn's warnings by the catalogue message that says why, in the reader's language. */
const WHY: Record<string, MessageKey> = {
  topTen: 'passwordTooCommon',
  topHundred: 'passwordTooCommon',
  common: 'passwordTooCommon',
  similarToCommon: 'passwordTooCommon',
  pwned: 'passwordTooCommon',
  userInputs: 'passwordHasPersonalInfo',
  straightRow: 'passwordTooPredictable',
  keyPattern: 'passwordTooPredictable',
  simpleRepeat: 'passwordTooPredictable',
  extendedRepeat: 'passwordTooPredictable',
  sequences: 'passwordTooPredictable',
  recentYears: 'passwordTooPredictable',
  dates: 'passwordTooPredictable',
  wordByItself: 'passwordTooPredictable',
  namesByThemselves: 'passwordTooPredictable',
  commonNames: 'passwordTooPredictable',
};
// zxcvbn reports a warning by its English text; back to its name.
const warningName = new Map(Object.entries(translations.warnings).map(([name, text]) => [text, name]));

/*
 * The common passwords and diceware lists, and the short English lists (first names, months,
 * days...). English's general word, surname and Wikipedia lists are left out: they triple the
 * download for the browser and barely change the verdict on the passwords this rule refuses.
 */
const english = { 'firstnames-en': firstnames, ...wordSequences };

let estimator: ZxcvbnFactory | undefined;
/** Built on first use: reading the dictionaries takes ~0.1 s. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...english },
  });
  return estimator;
}

export interface PasswordStrength {
  score: PasswordScore;
  /** Why it is refused (a catalogue message), or null when it is strong enough. */
  problem: MessageKey | null;
}

/**
 * How guessable a password is. `personal` are words of the person's own (the e-mail address and
 * its parts, the product's name) that make a password easier to guess when it contains them.
 */
export function passwordStrength(password: string, personal: readonly string[] = []): PasswordStrength {
  // zxcvbn's cost grows with length; beyond 100 characters nothing is guessable anyway.
  const sample = password.slice(0, 100);
  const inputs = personal
    .flatMap((word) => [word, ...word.toLowerCase().split(/[@._+-]+/)])
    .filter((w) => w.length > 2);
  const result = zxcvbn().check(sample, [...inputs, 'omnia']);
  const score = result.score as PasswordScore;
  // The whole local part of the address inside the password: a guesser's first try.
  const folded = sample.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const own = personal
    .map((word) => (word.split('@')[0] ?? '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, ''))
    .some((local) => local.length >= 4 && folded.includes(local));
  if (own) return { score: Math.min(score, 1) as PasswordScore, problem: 'passwordHasPersonalInfo' };
  if (score >= PASSWORD_MIN_SCORE) return { score, problem: null };
  const warning = warningName.get(result.feedback.warning ?? '');
  return { score, problem: (warning && WHY[warning]) || 'passwordTooWeak' };
}
