import type { Config } from './config';
import type { DbHandle } from './db/connect';
import type { Logger } from './logger';

/** What every module may depend on; passed in, never imported as globals, so tests can build an app. */
export interface CoreDeps {
  config: Config;
  dbHandle: DbHandle;
  logger: Logger;
}
