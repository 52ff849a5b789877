import { availableParallelism } from 'node:os';
// The server's own hashing, so the bound is measured with the parameters logins pay for.
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords';

/** The password of every seeded account. */
export const BENCH_PASSWORD = 'bench password 123';

/** One encoded hash of BENCH_PASSWORD, shared by every seeded row (seeding never hashes per row). */
export const benchPasswordHash = () => hashPassword(BENCH_PASSWORD);

export interface HashBound {
  /** One hash at a time: its time, and the ceiling, cores ÷ that time. */
  hashMs: number;
  cores: number;
  loginsPerSecond: number;
  /** Hashes per second with one hash per core in flight: what the cores really do together. */
  parallelPerSecond: number;
}

async function hashesPerSecond(count: number, inFlight: number): Promise<number> {
  let started = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (started < count) await hashPassword(`password-${started++}`);
    }),
  );
  return (count * 1000) / (performance.now() - t0);
}

/**
 * Times argon2id hashing in the bench's process (the server idle): one hash at a time gives the
 * theoretical login ceiling, cores ÷ hash time; one hash per core in flight gives what the cores
 * achieve together, which is lower where parallel hashes share memory bandwidth (19 MiB each).
 */
export async function hashBound(samples = 20): Promise<HashBound> {
  const cores = availableParallelism();
  await hashPassword('warm-up password');
  const sequential = await hashesPerSecond(samples, 1);
  const parallelPerSecond = Math.round(await hashesPerSecond(samples * cores, cores));
  const hashMs = 1000 / sequential;
  return { hashMs, cores, loginsPerSecond: Math.round((cores * 1000) / hashMs), parallelPerSecond };
}

/** Two measurements (before and after the login scenario) as one: the mean of each figure. */
export function meanBound(a: HashBound, b: HashBound): HashBound {
  const hashMs = (a.hashMs + b.hashMs) / 2;
  return {
    hashMs,
    cores: a.cores,
    loginsPerSecond: Math.round((a.cores * 1000) / hashMs),
    parallelPerSecond: Math.round((a.parallelPerSecond + b.parallelPerSecond) / 2),
  };
}

export const describeBound = (b: HashBound) =>
  `argon2id hash: ${b.hashMs.toFixed(1)} ms one at a time on ${b.cores} cores -> login ceiling ${b.loginsPerSecond}/s; ${b.cores} at a time: ${b.parallelPerSecond} hashes/s`;
