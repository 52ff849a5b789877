import type { FieldError } from 'react-hook-form';

/** The `type` of an error the server gave (form.setError), told apart from a schema's failed rule. */
export const SERVER_ERROR = 'server';

/**
 * Options for the short forms that say nothing until submitted: a failed rule shows on submit
 * only (not again while typing) and the focus stays where the person left it.
 */
export const SAY_ON_SUBMIT = { reValidateMode: 'onSubmit', shouldFocusError: false } as const;

/**
 * A field's error in the form's own words: the server's text as it came, else `fallback` (the
 * contracts' rule only says that the value failed; the form tells what it wants, e.g. its label).
 */
export function errorOr(error: FieldError | undefined, fallback: string): string | undefined {
  if (!error) return undefined;
  return error.type === SERVER_ERROR ? error.message : fallback;
}
