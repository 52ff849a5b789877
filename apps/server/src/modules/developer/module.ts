import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config';
import type { AppEnv } from '../../http/context';
import { createClientSecretBox } from '../clients/credentials';
import type { ClientsService } from '../clients/service';
import type { ObjectStorage } from '../storage/object-storage';
import { developerRoutes } from './routes';
import { createDeveloperService } from './service';

/** Wires the Developer Program: client registration, credentials, logos and statistics. */
export function createDeveloperModule(deps: {
  clients: ClientsService;
  config: Pick<Config, 'secretKey' | 'autoApproveClients'>;
  storage: ObjectStorage;
  guard: MiddlewareHandler<AppEnv>;
}) {
  const { clients, config, storage, guard } = deps;
  const developer = createDeveloperService({
    clients,
    storage,
    box: createClientSecretBox(config.secretKey),
    autoApprove: config.autoApproveClients,
  });
  return { router: () => developerRoutes({ guard, developer }) };
}
