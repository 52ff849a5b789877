import { availableParallelism } from 'node:os';
// The server's own hashing, so the bound is measured with the parameters logins pay for.
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords';

/** The password of every seeded account. */
export const BENCH_PASSWORD = 'bench password 123';

/** One encoded hash of BENCH_PASSWORD, shared by every seeded row (seeding never hashes per row). */
export const benchPasswordHash = () => hashPassword(BENCH_PASSWORD);

/** Times one argon2id hash and returns the theoretical login ceiling: cores / hash time. */
export async function hashBound(
  samples = 20,
): Promise<{ hashMs: number; cores: number; loginsPerSecond: number }> {
  await hashPassword('warm-up password');
  const started = performance.now();
  for (let i = 0; i < samples; i++) await hashPassword(`password-${i}`);
  const hashMs = (performance.now() - started) / samples;
  const cores = availableParallelism();
  return { hashMs, cores, loginsPerSecond: Math.round((cores * 1000) / hashMs) };
}
