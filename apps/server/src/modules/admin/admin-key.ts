import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Reads the admin key, creating it (32 random bytes, base64url, mode 0600) on first use. */
export function ensureAdminKey(dataDir: string): string {
  const existing = readAdminKey(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  const file = adminKeyPath(dataDir);
  try {
    // 'wx' fails if another instance created it first; then use theirs.
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = readAdminKey(dataDir);
    if (!theirs) throw new Error(`${file} exists but is empty`);
    return theirs;
  }
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (digests have the same length whatever was sent). */
export function adminKeyMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(expected), digest(given));
}
