import { ApiError } from '@/lib/api';

/**
 * The server's verdict per field on a form it refused ('validation_failed'), as issues with a
 * path, like the shared schema's own; none for any other failure.
 */
export function serverIssues(error: unknown): { path: string[]; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return [];
  return Object.entries(error.fields).map(([path, text]) => ({ path: path.split('.'), message: text }));
}
