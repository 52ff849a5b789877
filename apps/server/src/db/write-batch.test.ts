import { describe, expect, it } from 'vitest';
import { createWriteBatch } from './write-batch';

interface Row {
  key: string;
  value: number;
}

/** A statement the test finishes by hand: records the rows of each call. */
function manualWrites() {
  const calls: { items: Row[]; finish(): void; fail(err: Error): void }[] = [];
  const write = (items: Row[]) =>
    new Promise<undefined>((resolve, reject) => {
      calls.push({ items, finish: () => resolve(undefined), fail: reject });
    });
  return { calls, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const row = (key: string, value = 0): Row => ({ key, value });
const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => {
    done = true;
  });
  await tick();
  return done;
};

describe('a write batch', () => {
  it('sends a write at once while the database is not busy, and answers only after it committed', async () => {
    const { calls, write } = manualWrites();
    const save = createWriteBatch({ maxInFlight: 1, maxBatch: 10, keyOf: (r: Row) => r.key, write });
    const saving = save(row('a'));
    expect(calls.map((c) => c.items)).toEqual([[row('a')]]);
    expect(await settled(saving)).toBe(false);
    calls[0]?.finish();
    await saving;
  });

  it('queues writes behind a busy statement and sends them as one', async () => {
    const { calls, write } = manualWrites();
    const save = createWriteBatch({ maxInFlight: 1, maxBatch: 10, keyOf: (r: Row) => r.key, write });
    const first = save(row('a'));
    const queued = [save(row('b')), save(row('c'))];
    calls[0]?.finish();
    await first;
    await tick();
    expect(calls.map((c) => c.items)).toEqual([[row('a')], [row('b'), row('c')]]);
    calls[1]?.finish();
    await Promise.all(queued);
  });

  it('never puts one key twice in a statement, and keeps its writes in order', async () => {
    const { calls, write } = manualWrites();
    const save = createWriteBatch({ maxInFlight: 1, maxBatch: 10, keyOf: (r: Row) => r.key, write });
    const all = [
      save(row('x', 0)),
      save(row('a', 1)),
      save(row('b', 1)),
      save(row('a', 2)),
      save(row('c', 1)),
    ];
    for (let i = 0; i < 3; i++) {
      calls[i]?.finish();
      await tick();
    }
    expect(calls.map((c) => c.items)).toEqual([
      [row('x', 0)],
      [row('a', 1), row('b', 1), row('c', 1)],
      [row('a', 2)],
    ]);
    await Promise.all(all);
  });

  it('never puts more than maxBatch writes in one statement', async () => {
    const { calls, write } = manualWrites();
    const save = createWriteBatch({ maxInFlight: 1, maxBatch: 2, keyOf: (r: Row) => r.key, write });
    const all = ['a', 'b', 'c', 'd', 'e'].map((k) => save(row(k)));
    for (let i = 0; i < 3; i++) {
      calls[i]?.finish();
      await tick();
    }
    expect(calls.map((c) => c.items.map((r) => r.key))).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    await Promise.all(all);
  });

  it('a statement of several writes that fails runs again once per write: only the failing write fails', async () => {
    const { calls, write } = manualWrites();
    const save = createWriteBatch({ maxInFlight: 1, maxBatch: 10, keyOf: (r: Row) => r.key, write });
    const first = save(row('a'));
    const good = save(row('b'));
    const bad = save(row('c'));
    calls[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    expect(calls[1]?.items).toEqual([row('b'), row('c')]);
    calls[1]?.fail(new Error('unsupported Unicode escape sequence'));
    await tick();
    expect(calls.slice(2).map((c) => c.items)).toEqual([[row('b')], [row('c')]]);
    calls[2]?.finish();
    calls[3]?.fail(new Error('unsupported Unicode escape sequence'));
    await good;
    await expect(bad).rejects.toThrow('unsupported Unicode escape sequence');
    const next = save(row('d'));
    await tick();
    expect(calls[4]?.items).toEqual([row('d')]);
    calls[4]?.finish();
    await next;
  });

  it('turns a write function that throws into a rejected write', async () => {
    const save = createWriteBatch<Row>({
      maxInFlight: 1,
      maxBatch: 10,
      keyOf: (r) => r.key,
      write: () => {
        throw new Error('bad statement');
      },
    });
    await expect(save(row('a'))).rejects.toThrow('bad statement');
  });

  it('answers each write with its own outcome (a conditional write: whether it won), also when run again alone', async () => {
    let fail = true;
    const sent: string[][] = [];
    const claim = createWriteBatch<Row, boolean>({
      maxInFlight: 1,
      maxBatch: 10,
      keyOf: (r) => r.key,
      write: async (items) => {
        sent.push(items.map((r) => r.key));
        if (fail && items.length > 2) throw new Error('deadlock detected');
        return items.map((r) => r.value > 0);
      },
    });
    const first = claim(row('a', 1));
    const queued = [claim(row('b', 0)), claim(row('c', 1)), claim(row('d', 0))];
    expect(await first).toBe(true);
    expect(await Promise.all(queued)).toEqual([false, true, false]);
    expect(sent).toEqual([['a'], ['b', 'c', 'd'], ['b'], ['c'], ['d']]);
    fail = false;
    const again = [claim(row('e', 1)), claim(row('f', 0))];
    expect(await Promise.all(again)).toEqual([true, false]);
  });
});
