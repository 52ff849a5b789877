import type { Context } from 'hono';
import { ZodError, type z } from 'zod';
import { AppError } from '../errors';

export function fieldErrors(err: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Reads a JSON body and parses it with a shared schema; bad input becomes a 400 with field messages. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (cause) {
    throw new AppError('invalid_json', { cause });
  }
  return parseWith(schema, body);
}

/** Parses the query string with a shared schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

/** PostgreSQL text cannot hold NUL; no field of ours has a use for it either. */
const NUL_MESSAGE = 'Text must not contain NUL characters';
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (containsNul(value)) throw new AppError('validation_failed', { message: NUL_MESSAGE });
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (result.error instanceof ZodError) {
    const fields = fieldErrors(result.error);
    throw new AppError('validation_failed', { fields, message: Object.values(fields)[0] });
  }
  throw new AppError('validation_failed');
}
