import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  cpuShareMeter,
  describeShare,
  parseStat,
  type Snapshot,
  share,
  snapshot,
  type ThreadTimes,
} from './cpu-share';

const snap = (entries: [string, ThreadTimes][]): Snapshot => new Map(entries);

/** Linux with scheduler statistics: this process, which has been running a while, has a time on a core. */
const kernelCountsThreads = (): boolean =>
  (snapshot(process.pid, false).get(`${process.pid}/${process.pid}`)?.onCoreNs ?? 0) > 0;

describe('cpu share', () => {
  it('reads a process name with spaces and parentheses, and its parent', () => {
    expect(parseStat('4242 (postgres: idle (x)) S 4200 4242 4242 0 -1')).toEqual({
      pid: 4242,
      comm: 'postgres: idle (x)',
      ppid: 4200,
    });
    expect(parseStat('')).toBeUndefined();
    expect(parseStat('12 no-parentheses S 1')).toBeUndefined();
  });

  it('says per second what one event loop and each whole group got, over several stretches', () => {
    const ms = 1e6;
    const first = {
      before: snap([
        ['10/10', { group: 'event loops', onCoreNs: 0, waitingNs: 0 }],
        ['11/11', { group: 'event loops', onCoreNs: 0, waitingNs: 0 }],
        ['20/20', { group: 'PostgreSQL', onCoreNs: 0, waitingNs: 0 }],
      ]),
      after: snap([
        ['10/10', { group: 'event loops', onCoreNs: 600 * ms, waitingNs: 400 * ms }],
        ['11/11', { group: 'event loops', onCoreNs: 400 * ms, waitingNs: 200 * ms }],
        ['20/20', { group: 'PostgreSQL', onCoreNs: 300 * ms, waitingNs: 100 * ms }],
        // Started during the stretch: all of its time is in it.
        ['21/21', { group: 'PostgreSQL', onCoreNs: 100 * ms, waitingNs: 50 * ms }],
      ]),
    };
    const second = {
      before: snap([['30/30', { group: 'load generator', onCoreNs: 1000 * ms, waitingNs: 0 }]]),
      after: snap([['30/30', { group: 'load generator', onCoreNs: 1400 * ms, waitingNs: 600 * ms }]]),
    };
    const shares = share([first, second], 2);
    expect(shares).toEqual([
      { group: 'event loops', threads: 2, onCoreMsPerS: 250, waitingMsPerS: 150 },
      { group: 'PostgreSQL', threads: 1, onCoreMsPerS: 200, waitingMsPerS: 75 },
      { group: 'load generator', threads: 1, onCoreMsPerS: 200, waitingMsPerS: 300 },
    ]);
    expect(describeShare(shares)).toBe(
      'each of 2 event loops 250 ms on a core, 150 ms waiting for one; PostgreSQL 200 ms on a core, 75 ms waiting for one; load generator 200 ms on a core, 300 ms waiting for one (per second)',
    );
    expect(describeShare([])).toBeUndefined();
    expect(share([first], 0)).toEqual([]);
  });

  it.runIf(kernelCountsThreads())("measures a server's main thread on a core while it computes", async () => {
    // No workers: the "server" is a process that only computes, so its main thread is the loop.
    const server = spawn(process.execPath, ['-e', 'for (const t = Date.now() + 1500; Date.now() < t; );'], {
      stdio: 'ignore',
    });
    try {
      const meter = cpuShareMeter(server.pid, { postgres: false });
      await meter.measure(() => sleep(300));
      const [loop] = meter.result();
      expect(loop?.group).toBe('event loops');
      // On a core, or ready and waiting for one, for most of the stretch.
      expect((loop?.onCoreMsPerS ?? 0) + (loop?.waitingMsPerS ?? 0)).toBeGreaterThan(500);
      const seen = snapshot(server.pid ?? 0, false);
      expect(seen.get(`${server.pid}/${server.pid}`)?.group).toBe('event loops');
      // Without a PostgreSQL server in the bench, its processes (if any run here) are not counted.
      expect([...seen.values()].some((t) => t.group === 'PostgreSQL')).toBe(false);
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill();
        await once(server, 'exit');
      }
    }
  });

  it('measures nothing without a server process', async () => {
    const meter = cpuShareMeter(undefined, { postgres: true });
    expect(await meter.measure(async () => 7)).toBe(7);
    expect(meter.result()).toEqual([]);
  });
});
