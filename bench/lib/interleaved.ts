import type { LoadResult } from './cannon';
import { OAUTH_SCENARIOS, type OAuthFigures } from './oauth-suite';

/** One server's OAuth suite (bench/lib/oauth-suite.ts), ready to run again. */
export interface SuiteSide {
  label: string;
  run: () => Promise<OAuthFigures>;
}

/**
 * The round with the median requests/s (its latencies with it), carrying the errors of every
 * round, so a failed request in any round still fails the bench.
 */
export function medianRound(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no rounds');
  const errors = runs.reduce((sum, r) => sum + r.errors, 0);
  return {
    ...median,
    errors,
    name: runs.length > 1 ? `${median.name} (median of ${runs.length})` : median.name,
  };
}

/**
 * Runs every side's suite `rounds` times, the order turned round each time (A B C, C B A, A B C …),
 * so a machine that slows down or speeds up during the run weighs on every side alike; returns
 * each side's figures, each scenario's from its median round.
 */
export async function interleavedSuites(
  sides: SuiteSide[],
  rounds: number,
  onRound: (round: number, order: string[]) => void,
): Promise<OAuthFigures[]> {
  const runs = sides.map(() => [] as OAuthFigures[]);
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    onRound(
      round + 1,
      order.map((i) => sides[i]?.label ?? '?'),
    );
    for (const i of order) runs[i]?.push(await (sides[i] as SuiteSide).run());
  }
  return runs.map((sideRuns) => {
    const figures = {} as OAuthFigures;
    for (const key of OAUTH_SCENARIOS) figures[key] = medianRound(sideRuns.map((r) => r[key]));
    return figures;
  });
}
