import { describe, expect, it } from 'vitest';
import type { LoadResult } from './cannon';
import { interleavedSuites, medianRound } from './interleaved';
import { OAUTH_SCENARIOS, type OAuthFigures } from './oauth-suite';

const result = (name: string, requestsPerSecond: number, errors = 0): LoadResult => ({
  name,
  requestsPerSecond,
  p50: 1000 / requestsPerSecond,
  p95: 0,
  p99: 0,
  errors,
  total: requestsPerSecond,
  seconds: 1,
});

describe('interleaved rounds', () => {
  it('keep the median round of each scenario, with every round’s errors', () => {
    const kept = medianRound([result('a', 300), result('a', 100, 2), result('a', 200, 1)]);
    expect(kept.requestsPerSecond).toBe(200);
    expect(kept.p50).toBe(5);
    expect(kept.errors).toBe(3);
    expect(kept.name).toBe('a (median of 3)');
    expect(medianRound([result('b', 7)]).name).toBe('b');
  });

  it('turn the order round every time, and give each side its own figures', async () => {
    const order: string[] = [];
    let n = 0;
    const side = (label: string) => ({
      label,
      run: async () => {
        order.push(label);
        n++;
        return Object.fromEntries(OAUTH_SCENARIOS.map((k) => [k, result(label, n)])) as OAuthFigures;
      },
    });
    const [a, b] = await interleavedSuites([side('A'), side('B')], 3, () => {});
    expect(order).toEqual(['A', 'B', 'B', 'A', 'A', 'B']);
    // A ran 1st, 4th and 5th (median 4); B 2nd, 3rd and 6th (median 3).
    expect(a?.userinfo.requestsPerSecond).toBe(4);
    expect(b?.userinfo.requestsPerSecond).toBe(3);
  });
});
