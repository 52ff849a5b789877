import { describe, expect, it } from 'vitest';
import { createReadBatch } from './read-batch';

/** A statement the test finishes by hand: records the keys of each call. */
function manualReads() {
  const calls: { keys: string[]; finish(rows?: Map<string, string[]>): void; fail(err: Error): void }[] = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, string[]>>((resolve, reject) => {
      calls.push({
        keys,
        finish: (rows) => resolve(rows ?? new Map(keys.map((k) => [k, [`row of ${k}`]]))),
        fail: reject,
      });
    });
  return { calls, read };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a read batch', () => {
  it('sends a read at once while the database is not busy', async () => {
    const { calls, read } = manualReads();
    const load = createReadBatch({ maxInFlight: 2, maxBatch: 10, read });
    const a = load('a');
    const b = load('b');
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b']]);
    calls[0]?.finish();
    calls[1]?.finish();
    expect(await a).toEqual(['row of a']);
    expect(await b).toEqual(['row of b']);
  });

  it('queues reads behind busy statements and sends them as one when a statement ends', async () => {
    const { calls, read } = manualReads();
    const load = createReadBatch({ maxInFlight: 1, maxBatch: 10, read });
    const first = load('a');
    const queued = [load('b'), load('c'), load('b')];
    expect(calls).toHaveLength(1);
    calls[0]?.finish();
    expect(await first).toEqual(['row of a']);
    await tick();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c']]);
    calls[1]?.finish(new Map([['c', ['c1', 'c2']]]));
    // b was not found: both of its readers get no rows; c gets both of its rows.
    expect(await Promise.all(queued)).toEqual([[], ['c1', 'c2'], []]);
  });

  it('gives each reader of one key rows of its own', async () => {
    type Row = { payload: { scope: string } };
    const read = async (keys: string[]) =>
      new Map(keys.map((k): [string, Row[]] => [k, [{ payload: { scope: 'openid' } }]]));
    const { calls, read: blocker } = manualReads();
    let calledBefore = false;
    const load = createReadBatch<Row>({
      maxInFlight: 1,
      maxBatch: 10,
      read: (keys: string[]) => {
        if (calledBefore) return read(keys);
        calledBefore = true;
        return blocker(keys).then(() => new Map<string, Row[]>());
      },
    });
    const busy = load('x');
    const [a, b] = [load('g'), load('g')];
    calls[0]?.finish();
    await busy;
    const [rowsA, rowsB] = await Promise.all([a, b]);
    expect(rowsA).toEqual(rowsB);
    expect(rowsA?.[0]).not.toBe(rowsB?.[0]);
    expect(rowsA?.[0]?.payload).not.toBe(rowsB?.[0]?.payload);
  });

  it('never puts more than maxBatch keys in one statement', async () => {
    const { calls, read } = manualReads();
    const load = createReadBatch({ maxInFlight: 1, maxBatch: 2, read });
    const all = ['a', 'b', 'c', 'd', 'e'].map((k) => load(k));
    for (let i = 0; i < 3; i++) {
      calls[i]?.finish();
      await tick();
    }
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect((await Promise.all(all)).flat()).toHaveLength(5);
  });

  it('keeps the keys left over by a full statement ahead of the reads asked after it', async () => {
    const { calls, read } = manualReads();
    const load = createReadBatch({ maxInFlight: 1, maxBatch: 2, read });
    const reads = ['a', 'b', 'c', 'd'].map((k) => load(k));
    calls[0]?.finish();
    await tick();
    // b and c are being read; b asked again goes to the next statement, behind d and e.
    reads.push(load('e'), load('b'));
    for (let i = 1; i < 4; i++) {
      calls[i]?.finish();
      await tick();
    }
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c'], ['d', 'e'], ['b']]);
    expect(await Promise.all(reads)).toEqual(['a', 'b', 'c', 'd', 'e', 'b'].map((k) => [`row of ${k}`]));
  });

  it('a statement of several keys that fails runs again once per key: only the failing key fails', async () => {
    const { calls, read } = manualReads();
    const load = createReadBatch({ maxInFlight: 1, maxBatch: 10, read });
    const first = load('a');
    const good = load('b');
    const bad = load('c');
    const badAgain = load('c');
    calls[0]?.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await tick();
    expect(calls[1]?.keys).toEqual(['b', 'c']);
    calls[1]?.fail(new Error('invalid byte sequence'));
    await tick();
    expect(calls.slice(2).map((c) => c.keys)).toEqual([['b'], ['c']]);
    calls[2]?.finish();
    calls[3]?.fail(new Error('invalid byte sequence'));
    expect(await good).toEqual(['row of b']);
    await expect(bad).rejects.toThrow('invalid byte sequence');
    await expect(badAgain).rejects.toThrow('invalid byte sequence');
    // The retries held the slot; the next read goes once they are done.
    const next = load('d');
    await tick();
    expect(calls[4]?.keys).toEqual(['d']);
    calls[4]?.finish();
    expect(await next).toEqual(['row of d']);
  });

  it('turns a read function that throws into a rejected read', async () => {
    const load = createReadBatch<string>({
      maxInFlight: 1,
      maxBatch: 10,
      read: () => {
        throw new Error('bad statement');
      },
    });
    await expect(load('a')).rejects.toThrow('bad statement');
    await expect(load('b')).rejects.toThrow('bad statement');
  });
});
