import type { Db } from '../db/connect';

/*
 * What every module has in common. Each module's public entry (modules/<m>/index.ts) exports one
 * factory, `create<M>Module(deps)`: `deps` is everything it needs in (all required), and what it
 * returns is everything it gives out. compose.ts builds them all, in one place.
 */

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
