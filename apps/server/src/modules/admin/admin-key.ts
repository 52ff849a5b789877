import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `DATA_DIR/admin.key`: the bearer key of /api/admin, shared by the server and the admin CLI. */
const ADMIN_KEY_FILE = 'admin.key';

export const adminKeyPath = (dataDir: string) => join(dataDir, ADMIN_KEY_FILE);

/** The key in `DATA_DIR/admin.key`, or undefined when the file is missing or empty. */
export function readAdminKey(dataDir: string): string | undefined {
  try {
    return readFileSync(adminKeyPath(dataDir), 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Reads the admin key, creating it (32 random bytes, base64url, mode 0600) on first use.
 * Several processes may start at once on one DATA_DIR (cluster workers, two instances): the key
 * is written to a private file first and then linked into place, so `admin.key` never exists
 * empty or half-written, and the link fails for every process but the first, which then read
 * the winner's key.
 */
export function ensureAdminKey(dataDir: string): string {
  const existing = readAdminKey(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  const file = adminKeyPath(dataDir);
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${key}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = readAdminKey(dataDir);
    if (!theirs) throw new Error(`${file} exists but is empty: delete it and start again`);
    return theirs;
  } finally {
    unlinkSync(draft);
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (digests have the same length whatever was sent). */
export function adminKeyMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(expected), digest(given));
}
