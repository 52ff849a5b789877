import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import type { ServicesRepo } from '../services';
import type { ObjectStorage } from '../storage';
import { createProfilesRepo } from './repo';
import { interestsRoutes, meRoutes, publicProfileRoutes } from './routes';
import { createProfilesService } from './service';

/** Wires profiles, preferences, interests and service claims. */
export function createProfilesModule(deps: {
  db: Db;
  storage: ObjectStorage;
  services: ServicesRepo;
  guard: MiddlewareHandler<AppEnv>;
}) {
  const { guard } = deps;
  const profiles = createProfilesService({
    repo: createProfilesRepo(deps.db),
    services: deps.services,
    storage: deps.storage,
  });
  const parts: ModuleParts = {
    api: [
      { path: '/me', router: meRoutes({ guard, profiles }) },
      { path: '/profiles', router: publicProfileRoutes({ guard, profiles }) },
      { path: '/interests', router: interestsRoutes(profiles) },
    ],
  };
  return { ...parts, profiles };
}
