import type { Hono } from 'hono';
import type { Db } from '../db/connect';
import type { AppEnv } from '../http/context';

/*
 * What every module has in common. A module's public entry is its index.ts: other modules, the
 * composition (src/compose.ts), the CLI and http/ import it from there and nowhere else (the lint
 * enforces it: .dependency-cruiser.cjs). A module with something to serve or to run exports one
 * factory, `create<M>Module(deps)`: `deps` is everything it needs in, all required, and what it
 * returns (`ModuleParts` plus the services other modules use) is everything it gives out.
 * compose.ts builds them all, in one place; http/app.ts mounts their routers.
 */

/** A router and where it is mounted. */
export interface Mount {
  path: string;
  router: Hono<AppEnv>;
}

/** What a module gives the app and the process. */
export interface ModuleParts {
  /** Routers under /api (paths relative to it), in the order they are mounted. */
  api?: readonly Mount[];
  /** Routers outside /api (absolute paths): /storage, /metrics, /oauth2/consent, the dev mailbox. */
  site?: readonly Mount[];
  /** Work started once the server listens and stopped on shutdown. */
  background?: readonly BackgroundTask[];
}

/**
 * One purge of the periodic housekeeping (housekeeping.ts): deletes what has expired in one of the
 * module's tables and says how many rows went. It gets the connection that holds the
 * housekeeping's lock, never the module's own handle, so steps are plain functions of a Db.
 */
export type PurgeStep = (db: Db) => Promise<number>;

/** A module's purge steps, by the table each one cleans (the names in the housekeeping log). */
export type PurgeSteps = Readonly<Record<string, PurgeStep>>;

/** Background work of a module: started once the server listens, stopped on shutdown. */
export interface BackgroundTask {
  start(): void;
  /** Stops, finishing or writing what is in hand (before the database closes). */
  stop(): Promise<void>;
}
