import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import { createServicesRepo } from '../services/repo';
import type { ObjectStorage } from '../storage/object-storage';
import { createProfilesRepo } from './repo';
import { interestsRoutes, meRoutes, publicProfileRoutes } from './routes';
import { createProfilesService } from './service';

/** Wires profiles, preferences, interests and service claims. */
export function createProfilesModule(db: Db, storage: ObjectStorage, guard: MiddlewareHandler<AppEnv>) {
  const repo = createProfilesRepo(db);
  const profiles = createProfilesService({ repo, services: createServicesRepo(db), storage });
  return {
    meRouter: () => meRoutes({ guard, profiles }),
    profilesRouter: () => publicProfileRoutes({ guard, profiles }),
    interestsRouter: () => interestsRoutes(profiles),
  };
}
