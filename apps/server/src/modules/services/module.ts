import type { Db } from '../../db/connect';
import type { ModuleParts } from '../contract';
import { createServicesRepo } from './repo';
import { servicesRoutes } from './routes';
import { createServicesService } from './service';

/** The suite's services (the dashboard's cards), public. */
export function createServicesModule(deps: { db: Db }) {
  const repo = createServicesRepo(deps.db);
  const parts: ModuleParts = {
    api: [{ path: '/services', router: servicesRoutes(createServicesService(repo)) }],
  };
  /** The services a profile can hold claims for (profiles). */
  return { ...parts, catalogue: repo };
}
