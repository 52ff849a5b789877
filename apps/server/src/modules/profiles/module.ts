import type { MiddlewareHandler } from 'hono';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { ModuleParts } from '../contract';
import type { ServicesRepo } from '../services';
import { cleanPictureOf, type ObjectStorage, pictureUpload } from '../storage';
import { createProfilesRepo } from './repo';
import { interestsRoutes, meRoutes, publicProfileRoutes } from './routes';
import { createProfilesService, type ProfileClaim } from './service';

/** Wires profiles, preferences, interests and service claims. */
export function createProfilesModule(deps: {
  db: Db;
  storage: ObjectStorage;
  services: ServicesRepo;
  guard: MiddlewareHandler<AppEnv>;
  /** Claims apps read changed (after the save): their webhooks hear of it. */
  onClaimsChanged: (userId: string, changed: ProfileClaim[]) => Promise<void>;
}) {
  const { guard } = deps;
  const profiles = createProfilesService({
    repo: createProfilesRepo(deps.db),
    services: deps.services,
    storage: deps.storage,
    cleanPicture: (userId, bytes) => cleanPictureOf(deps.db, userId, bytes),
    onClaimsChanged: deps.onClaimsChanged,
  });
  const parts: ModuleParts = {
    api: [
      { path: '/me', router: meRoutes({ guard, profiles, upload: pictureUpload(deps.db) }) },
      { path: '/profiles', router: publicProfileRoutes({ guard, profiles }) },
      { path: '/interests', router: interestsRoutes(profiles) },
    ],
  };
  return { ...parts, profiles };
}
