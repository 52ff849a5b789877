import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The trimmed contents of a key file, or undefined when it is missing or empty. */
export function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Reads a key file (mode 0600), creating it with `newKey()` on first use.
 * Several processes may start at once on one DATA_DIR (cluster workers, two instances): the key
 * is written to a private draft first and then linked into place, so the file never exists empty
 * or half-written, and the link fails for every process but the first, which read the winner's
 * key. An empty file (left by hand) is refused rather than taken as a key.
 */
export function readOrCreateKeyFile(file: string, newKey: () => string): string {
  const existing = readKeyFile(file);
  if (existing) return existing;
  mkdirSync(dirname(file), { recursive: true });
  const key = newKey();
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${key}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const theirs = readKeyFile(file);
    if (!theirs) throw new Error(`${file} exists but is empty: delete it and start again`);
    return theirs;
  } finally {
    unlinkSync(draft);
  }
}
