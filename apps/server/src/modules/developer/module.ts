import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ObjectStorage } from '../storage/object-storage';
import { createClientSecretBox } from './credentials';
import { createDeveloperRepo, findNewestClientIdForUser, recordUsage } from './repo';
import { developerRoutes } from './routes';
import { createDeveloperService } from './service';

export { findNewestClientIdForUser, recordUsage };

/** Wires the Developer Program: client registration, credentials, logos and statistics. */
export function createDeveloperModule(deps: {
  db: Db;
  config: Pick<Config, 'secretKey' | 'autoApproveClients'>;
  storage: ObjectStorage;
  guard: MiddlewareHandler<AppEnv>;
  flushUsage?: () => Promise<void>;
}) {
  const { db, config, storage, guard, flushUsage } = deps;
  const repo = createDeveloperRepo(db);
  const developer = createDeveloperService({
    repo,
    storage,
    box: createClientSecretBox(config.secretKey),
    autoApprove: config.autoApproveClients,
    flushUsage,
  });
  return {
    router: () => developerRoutes({ guard, developer }),
    findNewestClientIdForUser: (userId: string) => findNewestClientIdForUser(db, userId),
  };
}
export type DeveloperModule = ReturnType<typeof createDeveloperModule>;
