import { describe, expect, it } from 'vitest';
import { createRequestRows, rowKey } from './request-rows';

describe('request rows', () => {
  it('keeps a row for one read within its request, null included', async () => {
    const rows = createRequestRows();
    await rows.run(async () => {
      rows.keep(rowKey('Grant', 'g1'), { payload: {} });
      rows.keep(rowKey('Client', 'c1'), null);
      await Promise.resolve();
      expect(rows.take(rowKey('Grant', 'g1'))).toEqual({ payload: {} });
      expect(rows.take(rowKey('Grant', 'g1'))).toBeUndefined();
      expect(rows.take(rowKey('Client', 'c1'))).toBeNull();
      expect(rows.take(rowKey('Account', 'a1'))).toBeUndefined();
    });
  });

  it('forgets a dropped row and shares nothing between requests', async () => {
    const rows = createRequestRows();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = rows.run(async () => {
      rows.keep('Grant:g', 'first');
      rows.keep('Grant:dropped', 'x');
      rows.drop('Grant:dropped');
      await gate;
      return [rows.take('Grant:g'), rows.take('Grant:dropped')];
    });
    const second = rows.run(async () => rows.take('Grant:g'));
    release();
    expect(await first).toEqual(['first', undefined]);
    expect(await second).toBeUndefined();
  });

  it('concurrent reads of one key share one read; a later read starts anew', async () => {
    const rows = createRequestRows();
    let reads = 0;
    const read = async () => ++reads;
    await rows.run(async () => {
      const [a, b] = await Promise.all([rows.share('Token:t', read), rows.share('Token:t', read)]);
      expect([a, b]).toEqual([1, 1]);
      expect(await rows.share('Token:t', read)).toBe(2);
      expect(await rows.share('Token:other', read)).toBe(3);
    });
    expect(await Promise.all([rows.share('Token:t', read), rows.share('Token:t', read)])).toEqual([4, 5]);
  });

  it('takeOr answers a kept row (null included) without reading, and reads otherwise', async () => {
    const rows = createRequestRows();
    let reads = 0;
    const read = async () => {
      reads++;
      return 'from the database';
    };
    await rows.run(async () => {
      rows.keep('Client:c', 'kept');
      rows.keep('Account:a', null);
      expect(await rows.takeOr('Client:c', read)).toBe('kept');
      expect(await rows.takeOr('Account:a', read)).toBeNull();
      expect(reads).toBe(0);
      expect(await rows.takeOr('Client:c', read)).toBe('from the database');
      expect(reads).toBe(1);
    });
  });

  it('keeps nothing outside a request', () => {
    const rows = createRequestRows();
    rows.keep('Grant:g', 'row');
    expect(rows.take('Grant:g')).toBeUndefined();
  });
});
