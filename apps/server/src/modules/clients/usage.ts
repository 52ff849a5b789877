import type { OAuthAction } from '@omnia/contracts/constants';
import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { recordUsageBatch, type UsageEvent } from './usage-repo';

/** Notes an event of an app, with the account it was for when there is one (unique users). */
export type UsageRecorder = (clientId: string | undefined, action: OAuthAction, userId?: string) => void;

/**
 * The OAuth events behind the Developer Program's statistics. Events are buffered in memory and
 * written in one multi-row insert a second (or every `maxBuffer` events), instead of one insert
 * per authorize, token, userinfo or revoke request: that insert was one of the 5–8 statements of
 * each engine request. Each event keeps the time it happened.
 */
export interface UsageLog {
  /** Notes one event; never fails or delays the request that caused it. */
  record: UsageRecorder;
  /** Writes what is buffered (the statistics read flushes first, so this instance reads its own events). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left (graceful shutdown, before the database closes). */
  stop(): Promise<void>;
}

export interface UsageLogOptions {
  flushMs: number;
  maxBuffer: number;
}

const DEFAULTS: UsageLogOptions = { flushMs: 1_000, maxBuffer: 500 };

export function createUsageLog(db: Db, logger: Logger, options: Partial<UsageLogOptions> = {}): UsageLog {
  const { flushMs, maxBuffer } = { ...DEFAULTS, ...options };
  let buffer: UsageEvent[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    const batch = buffer;
    buffer = [];
    // Writes run one after another, so a flush resolves only once everything before it is stored.
    writing = writing.then(async () => {
      if (!batch.length) return;
      try {
        await recordUsageBatch(db, batch);
      } catch (err) {
        logger.warn({ err, events: batch.length }, 'usage events not recorded');
      }
    });
    return writing;
  };

  return {
    record(clientId, action, userId) {
      if (!clientId) return;
      buffer.push({ client_id: clientId, action, user_id: userId ?? null, created_at: new Date() });
      if (buffer.length >= maxBuffer) void flush();
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
