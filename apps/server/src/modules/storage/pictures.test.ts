import { describe, expect, it } from 'vitest';
import type { CleanImage } from './image';
import { createPictureCleaner } from './pictures';

/** A cleaning that ends when the test says so. */
function gatedClean() {
  const opens: (() => void)[] = [];
  const clean = () =>
    new Promise<CleanImage>((resolve) => {
      opens.push(() => resolve({ bytes: new Uint8Array(), ext: 'png', contentType: 'image/png' }));
    });
  return { clean, openAll: () => opens.splice(0).forEach((open) => void open()) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/** Lets each picture reach the cleaning, then finishes it, in order. */
async function finishInOrder(openAll: () => void, runs: Promise<unknown>[]) {
  for (const run of runs) {
    await tick();
    openAll();
    await run;
  }
}

const counter = () => {
  const counted: string[] = [];
  return { counted, count: (userId: string) => async () => void counted.push(userId) };
};

describe('createPictureCleaner', () => {
  it('takes one picture of an account at a time, refused before its attempt is counted', async () => {
    const { clean, openAll } = gatedClean();
    const cleaner = createPictureCleaner(clean, 4);
    const { counted, count } = counter();
    const first = cleaner('ada', new Uint8Array(), count('ada'));
    await expect(cleaner('ada', new Uint8Array(), count('ada'))).rejects.toMatchObject({
      code: 'rate_limited',
      key: 'messages:picturesBusy',
    });
    const other = cleaner('grace', new Uint8Array(), count('grace'));
    await finishInOrder(openAll, [first, other]);
    expect(counted).toEqual(['ada', 'grace']);
    // Done, the account may send its next one.
    await finishInOrder(openAll, [cleaner('ada', new Uint8Array(), count('ada'))]);
  });

  it('refuses any account past the waiting places, without counting the attempt', async () => {
    const { clean, openAll } = gatedClean();
    const cleaner = createPictureCleaner(clean, 2);
    const { counted, count } = counter();
    const running = ['a', 'b', 'c'].map((id) => cleaner(id, new Uint8Array(), count(id)));
    await tick();
    // Refused in the same turn, before any await: no count can slip in first.
    const refused = cleaner('d', new Uint8Array(), count('d'));
    await expect(refused).rejects.toMatchObject({ key: 'messages:picturesBusy' });
    for (let i = 0; i < 3; i++) {
      openAll();
      await tick();
    }
    await Promise.all(running);
    expect(counted).toEqual(['a', 'b', 'c']);
  });

  it('counts none of the accounts refused when many arrive at once and counting takes a while', async () => {
    const { clean, openAll } = gatedClean();
    const cleaner = createPictureCleaner(clean, 2);
    const counted: string[] = [];
    const slowCount = (id: string) => async () => {
      await new Promise((r) => setTimeout(r, 20));
      counted.push(id);
    };
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    const all = Promise.allSettled(ids.map((id) => cleaner(id, new Uint8Array(), slowCount(id))));
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 40));
      openAll();
    }
    const settled = await all;
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    expect(counted).toEqual(['a', 'b', 'c']);
  });

  it('an account past its budget gives its place back at once: it never holds the queue', async () => {
    const { clean, openAll } = gatedClean();
    const cleaner = createPictureCleaner(clean, 1);
    const overBudget = async () => {
      throw new Error('over budget');
    };
    const running = cleaner('a', new Uint8Array(), async () => {});
    await tick();
    // One after another, each takes the one waiting place, is refused for its budget, and leaves.
    for (const id of ['x', 'y', 'z'])
      await expect(cleaner(id, new Uint8Array(), overBudget)).rejects.toThrow('over budget');
    // Their places are free again: the queue's one waiting place takes another account.
    const waiting = cleaner('b', new Uint8Array(), async () => {});
    await finishInOrder(openAll, [running, waiting]);
  });

  it('says before an upload is read whether its picture would find room', async () => {
    const { clean, openAll } = gatedClean();
    const cleaner = createPictureCleaner(clean, 1);
    const { count } = counter();
    expect(() => cleaner.assertRoomFor('ada')).not.toThrow();
    const runs = [cleaner('ada', new Uint8Array(), count('ada'))];
    await tick();
    // The account's picture is in the queue: its next one is refused unread.
    expect(() => cleaner.assertRoomFor('ada')).toThrow(expect.objectContaining({ code: 'rate_limited' }));
    runs.push(cleaner('bob', new Uint8Array(), count('bob')));
    // One cleaning and one waiting fill a queue of one waiting place: anyone else is refused unread.
    expect(() => cleaner.assertRoomFor('cyd')).toThrow(expect.objectContaining({ code: 'rate_limited' }));
    await finishInOrder(openAll, runs);
    expect(() => cleaner.assertRoomFor('cyd')).not.toThrow();
  });
});
