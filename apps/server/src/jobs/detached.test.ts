import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createDetached } from './detached';

describe('detached work', () => {
  it('runs after the caller goes on, logs a failure instead of throwing it, and stop waits for it', async () => {
    const logged: string[] = [];
    const logger = createLogger({ logLevel: 'silent' });
    logger.error = ((_: unknown, message: string) => {
      logged.push(message);
    }) as typeof logger.error;
    const detached = createDetached(logger);
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    detached.run('the slow one', async () => {
      await gate;
      order.push('slow done');
    });
    detached.run('the broken one', async () => {
      throw new Error('boom');
    });
    order.push('caller went on');
    const stopped = detached.stop().then(() => order.push('stopped'));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['caller went on']);
    release();
    await stopped;
    expect(order).toEqual(['caller went on', 'slow done', 'stopped']);
    expect(logged).toEqual(['the broken one failed']);
  });
});
