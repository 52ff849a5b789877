import { LANGUAGE_LABELS, LANGUAGES } from '@omnia/contracts/constants';

/** The options of every language select: each language named in itself. */
export function LanguageOptions() {
  return LANGUAGES.map((code) => (
    <option key={code} value={code} lang={code}>
      {LANGUAGE_LABELS[code]}
    </option>
  ));
}
