import type { Config } from '../../config';
import type { ModuleParts } from '../contract';
import { createObjectStorage } from './factory';
import { storageRoutes } from './routes';

/** Public files (avatars, client logos) on the local disk or in an S3 bucket, served at /storage. */
export function createStorageModule(deps: { config: Pick<Config, 's3' | 'dataDir'> }) {
  const storage = createObjectStorage(deps.config);
  const parts: ModuleParts = {
    site: [{ path: '/storage', router: storageRoutes(storage) }],
    background: [{ start() {}, stop: async () => storage.close() }],
  };
  return { ...parts, storage };
}
