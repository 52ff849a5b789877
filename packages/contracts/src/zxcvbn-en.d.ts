/** Single files of @zxcvbn-ts/language-en (its package declares types for the index only). */
declare module '@zxcvbn-ts/language-en/dist/firstnames.json.mjs' {
  const firstnames: string[];
  export default firstnames;
}
declare module '@zxcvbn-ts/language-en/dist/wordSequences.json.mjs' {
  const wordSequences: Record<string, string[]>;
  export default wordSequences;
}
declare module '@zxcvbn-ts/language-en/dist/translations.mjs' {
  import type { translations as all } from '@zxcvbn-ts/language-en';

  const translations: typeof all;
  export default translations;
}
