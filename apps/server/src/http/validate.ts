import { isMessageKey, type MessageKey, writeMessageKeys } from '@omnia/contracts';
import type { Context } from 'hono';
import { ZodError, type z } from 'zod';
import { unstorableText } from '../db/unstorable-text';
import { AppError } from '../errors';

// The shared schemas word a failed rule by its catalogue key here too: an answer carries the key
// beside its English (AppError), so no client has to look a text up.
writeMessageKeys();

/** Each field's first failed rule: a catalogue message, or zod's own words for a check without one. */
function fieldErrors(err: ZodError): Record<string, MessageKey | { text: string }> {
  const fields: Record<string, MessageKey | { text: string }> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= isMessageKey(issue.message) ? issue.message : { text: issue.message };
  }
  return fields;
}

/** A 400 naming each field's problem; the answer's message is the first field's. */
export function validationFailed(err: ZodError): AppError {
  const fields = fieldErrors(err);
  const first = Object.values(fields)[0];
  if (typeof first === 'string') return new AppError('validation_failed', { fields, messageKey: first });
  return new AppError('validation_failed', { fields, ...(first ? { message: first.text } : {}) });
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

function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const unstorable = unstorableText(value);
  if (unstorable) throw new AppError('validation_failed', { messageKey: unstorable });
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  if (result.error instanceof ZodError) throw validationFailed(result.error);
  throw new AppError('validation_failed');
}
