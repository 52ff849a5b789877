import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config';
import type { AppEnv } from '../../http/context';
import { type ClientMembers, type ClientsService, createClientSecretBox } from '../clients';
import type { ModuleParts } from '../contract';
import type { ObjectStorage } from '../storage';
import { memberRoutes } from './members-routes';
import { developerRoutes } from './routes';
import { createSecurityProfiles, securityProfileRoutes } from './security-profile';
import { type ClientGrants, createDeveloperService } from './service';

/** Wires the Developer Program: client registration, credentials, logos and statistics. */
export function createDeveloperModule(deps: {
  clients: ClientsService;
  /** Who manages each app (the clients module). */
  members: ClientMembers;
  config: Pick<Config, 'secretKey' | 'autoApproveClients'>;
  storage: ObjectStorage;
  /** What ends in the OAuth engine when an app changes or is deleted. */
  grants: ClientGrants;
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
}): ModuleParts {
  const { clients, config, storage, guard, fresh } = deps;
  const developer = createDeveloperService({
    clients,
    storage,
    box: createClientSecretBox(config.secretKey),
    autoApprove: config.autoApproveClients,
    grants: deps.grants,
  });
  return {
    api: [
      { path: '/developer', router: developerRoutes({ guard, fresh, developer }) },
      { path: '/developer', router: memberRoutes({ guard, fresh, members: deps.members }) },
      {
        path: '/developer',
        router: securityProfileRoutes({ guard, fresh, profiles: createSecurityProfiles(clients) }),
      },
    ],
  };
}
