import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serial-queue';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('createSerialQueue', () => {
  it('runs one piece of work at a time, in order, a failure not stopping the next', async () => {
    const queue = createSerialQueue(5, () => new Error('busy'));
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        log.push(`start ${i}`);
        await g.opened;
        running--;
        log.push(`end ${i}`);
        if (i === 1) throw new Error('bad picture');
        return i;
      }),
    );
    for (const g of [...gates].reverse()) g.open();
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(most).toBe(1);
  });

  it('refuses work past the waiting places, and takes it again once they free up', async () => {
    const queue = createSerialQueue(2, () => new Error('busy'));
    const g = gate();
    const first = queue.run(() => g.opened);
    const queued = [queue.run(async () => 'a'), queue.run(async () => 'b')];
    await expect(queue.run(async () => 'c')).rejects.toThrow('busy');
    g.open();
    await first;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
    expect(await queue.run(async () => 'd')).toBe('d');
  });
});
