/** True for PostgreSQL's unique_violation (23505), as raised by both pg and PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

/** True for PostgreSQL's foreign_key_violation (23503): the row it points to is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23503';
}

/**
 * True for a failure that says nothing about the statement, only about the moment: a deadlock
 * (40P01), a serialization failure (40001), a lock not available (55P03), a statement cancelled or
 * timed out (57014). The same work a moment later may well succeed.
 */
export function isMomentaryFailure(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001' || code === '55P03' || code === '57014';
}

/**
 * True for a statement that collided with a concurrent change: a foreign key whose row another
 * transaction deleted meanwhile (23503), a deadlock PostgreSQL broke by failing this one (40P01),
 * a serialization failure (40001). Nothing the request sent is wrong; the same request again meets
 * the data as it is now.
 */
export function isConcurrentChange(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === '23503' || code === '40P01' || code === '40001';
}
