import { availableParallelism } from 'node:os';
import { hash } from '@node-rs/argon2';

/** Our argon2id parameters (OWASP), as apps/server/src/modules/accounts/passwords.ts uses them. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The password of every seeded account. */
export const BENCH_PASSWORD = 'bench password 123';

/** One encoded hash of BENCH_PASSWORD, shared by every seeded row (seeding never hashes per row). */
export const benchPasswordHash = () => hash(BENCH_PASSWORD, ARGON2_OPTIONS);

/** Times one argon2id hash and returns the theoretical login ceiling: cores / hash time. */
export async function hashBound(
  samples = 20,
): Promise<{ hashMs: number; cores: number; loginsPerSecond: number }> {
  await hash('warm-up password', ARGON2_OPTIONS);
  const started = performance.now();
  for (let i = 0; i < samples; i++) await hash(`password-${i}`, ARGON2_OPTIONS);
  const hashMs = (performance.now() - started) / samples;
  const cores = availableParallelism();
  return { hashMs, cores, loginsPerSecond: Math.round((cores * 1000) / hashMs) };
}
