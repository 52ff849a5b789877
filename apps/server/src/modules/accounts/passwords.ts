import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2's Algorithm is a const enum (not importable under verbatimModuleSyntax): 2 = Argon2id.
const ARGON2ID = 2;
// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane (~10 ms here).
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (no such account) it still runs one
 * verification against a dummy hash, so response time does not reveal whether an account exists.
 */
export async function checkPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
