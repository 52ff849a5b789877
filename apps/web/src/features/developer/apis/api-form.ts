import { createApiSchema, updateApiSchema } from '@omnia/contracts/apis';
import type { FieldErrors, FieldPath, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api';

/** The API form: its fields as the shared schema has them (the identifier only when registering). */
export interface ApiFormValues {
  name: string;
  identifier: string;
  scopes: { name: string; description: string }[];
}

export const EMPTY_API: ApiFormValues = {
  name: '',
  identifier: '',
  scopes: [{ name: '', description: '' }],
};

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * zod's (or the server's) issues as the form's errors: one under each field, one under each scope
 * row's name or description, and the list's own (none, duplicates) as the list's root.
 */
function apiFormErrors(issues: readonly Issue[]): FieldErrors<ApiFormValues> {
  const errors: Record<string, unknown> = {};
  const scopes: Record<string, Record<string, { type: string; message: string }>> = {};
  let root: { type: string; message: string } | undefined;
  for (const { path, message } of issues) {
    const [field, index, leaf] = path.map(String);
    const error = { type: 'validate', message };
    if (field === 'scopes' && index !== undefined && leaf) {
      const row = scopes[index] ?? {};
      row[leaf] ??= error;
      scopes[index] = row;
    } else if (field === 'scopes') root ??= error;
    else if (field && !errors[field]) errors[field] = error;
  }
  if (root || Object.keys(scopes).length) errors.scopes = { ...scopes, ...(root ? { root } : {}) };
  return errors as FieldErrors<ApiFormValues>;
}

export const createApiResolver: Resolver<ApiFormValues> = (values) => {
  const parsed = createApiSchema.safeParse(values);
  return parsed.success ? { values, errors: {} } : { values: {}, errors: apiFormErrors(parsed.error.issues) };
};

export const updateApiResolver: Resolver<ApiFormValues> = (values) => {
  const parsed = updateApiSchema.safeParse({ name: values.name, scopes: values.scopes });
  return parsed.success ? { values, errors: {} } : { values: {}, errors: apiFormErrors(parsed.error.issues) };
};

/** The server's verdict per field (validation_failed), as issues with a path. */
function serverApiIssues(error: unknown): Issue[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return [];
  return Object.entries(error.fields).map(([path, text]) => ({ path: path.split('.'), message: text }));
}

type ScopeRowErrors = Record<string, { message?: string }>;
/** react-hook-form keeps a field array's own error under `root` (as the resolver above does); its path type does not list it. */
const SCOPES_ROOT = 'scopes.root' as FieldPath<ApiFormValues>;

/**
 * Puts the server's refusal where the form shows it: a field, a scope row's name or description,
 * or the list's own line. False when it names nothing the form shows (the caller says it otherwise).
 */
export function placeServerIssues(setError: UseFormSetError<ApiFormValues>, error: unknown): boolean {
  let placed = false;
  for (const [field, value] of Object.entries(apiFormErrors(serverApiIssues(error)))) {
    if (field === 'name' || field === 'identifier') {
      const message = (value as { message?: string }).message;
      if (message) setError(field, { message });
      placed ||= Boolean(message);
    } else if (field === 'scopes') {
      const { root, ...rows } = value as { root?: { message?: string } } & Record<string, ScopeRowErrors>;
      if (root?.message) setError(SCOPES_ROOT, { message: root.message });
      placed ||= Boolean(root?.message);
      for (const [index, row] of Object.entries(rows))
        for (const [leaf, rowError] of Object.entries(row)) {
          if ((leaf !== 'name' && leaf !== 'description') || !rowError.message) continue;
          setError(`scopes.${Number(index)}.${leaf}`, { message: rowError.message });
          placed = true;
        }
    }
  }
  return placed;
}
