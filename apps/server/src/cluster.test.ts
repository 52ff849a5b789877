import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './cluster';

describe('workerExecArgv', () => {
  it("adds the young generation's size after the primary's own flags", () => {
    expect(workerExecArgv(['--import', 'tsx'], 16)).toEqual(['--import', 'tsx', '--max-semi-space-size=16']);
    // Later flags win in V8, so a size the primary was started with gives way to the configured one.
    expect(workerExecArgv(['--max-semi-space-size=64'], 8)).toEqual([
      '--max-semi-space-size=64',
      '--max-semi-space-size=8',
    ]);
  });

  it('leaves the size to V8 (and to NODE_OPTIONS) when it is 0', () => {
    expect(workerExecArgv(['--import', 'tsx'], 0)).toEqual(['--import', 'tsx']);
  });
});
