import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from '../logger';

/** What a LISTEN on one channel tells its owner. */
export interface ChannelHandlers {
  /** A NOTIFY on the channel, with its payload. */
  notify(payload: string): void;
  /**
   * Whether notifications are arriving: false when the connection is lost (anything sent
   * meanwhile is missed, so what was kept on their word must be dropped), true once listening
   * again.
   */
  live(listening: boolean): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

export type Listen = (channel: string, handlers: ChannelHandlers) => Promise<ChannelListener>;

const RECONNECT_DELAY_MS = 1_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * LISTEN on a PostgreSQL server, on a connection of its own (a pooled one would be handed to
 * queries). A lost connection is reported (live false) and re-opened every second until it
 * listens again (live true).
 */
export function listenOnServer(clientConfig: pg.ClientConfig, logger: Logger | undefined): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name: ${channel}`);
    let current: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;

    const drop = (client: pg.Client) => {
      if (current !== client) return;
      current = undefined;
      handlers.live(false);
      client.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void open(), RECONNECT_DELAY_MS);
    };
    const open = async () => {
      const client = new pg.Client({ ...clientConfig, keepAlive: true });
      current = client;
      client.on('error', () => drop(client));
      client.on('end', () => drop(client));
      client.on('notification', (message) => {
        if (message.channel === channel) handlers.notify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
        if (current === client) handlers.live(true);
      } catch (err) {
        logger?.warn({ err, channel }, 'listen failed; retrying');
        drop(client);
      }
    };

    await open();
    return {
      async close() {
        closed = true;
        clearTimeout(retry);
        const client = current;
        current = undefined;
        await client?.end().catch(() => {});
      },
    };
  };
}

/** LISTEN on the embedded database: one process, so notifications cannot be lost. */
export function listenOnPglite(pglite: PGlite): Listen {
  return async (channel, handlers) => {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`bad channel name: ${channel}`);
    const unlisten = await pglite.listen(channel, (payload) => handlers.notify(payload));
    handlers.live(true);
    return { close: () => unlisten() };
  };
}
