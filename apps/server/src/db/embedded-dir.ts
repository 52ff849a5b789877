import { join } from 'node:path';

/** Where the embedded database (PGlite) keeps its files inside DATA_DIR. */
export const embeddedDatabaseDir = (dataDir: string): string => join(dataDir, 'pgdata');
