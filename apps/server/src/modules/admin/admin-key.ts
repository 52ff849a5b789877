import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import { readKeyFile, readOrCreateKeyFile } from '../../crypto/key-file';

/** `DATA_DIR/admin.key`: the bearer key of /api/admin, shared by the server and the admin CLI. */
const ADMIN_KEY_FILE = 'admin.key';

export const adminKeyPath = (dataDir: string) => join(dataDir, ADMIN_KEY_FILE);

/** The key in `DATA_DIR/admin.key`, or undefined when the file is missing or empty. */
export const readAdminKey = (dataDir: string): string | undefined => readKeyFile(adminKeyPath(dataDir));

/** Reads the admin key, creating it (32 random bytes, base64url) on first use; see readOrCreateKeyFile. */
export const ensureAdminKey = (dataDir: string): string =>
  readOrCreateKeyFile(adminKeyPath(dataDir), () => randomBytes(32).toString('base64url'));

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison (digests have the same length whatever was sent). */
export function adminKeyMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/** A challenge the admin command line sends before its key: 32 random bytes, base64url. */
export const ADMIN_PROOF_NONCE = /^[\w-]{43}$/;

/**
 * The server's answer to that challenge: proof that it holds the key, so the command line never
 * hands the key to another program listening on the port. It names the port the challenge came
 * in on: a program on another port that relays the challenge to the server gets a proof for the
 * server's port, which the command (expecting its own) refuses.
 */
export const adminProof = (key: string, nonce: string, port: number): string =>
  createHmac('sha256', key).update(`omnia admin server proof ${port} ${nonce}`).digest('base64url');
