import { REGISTRATION_ENDPOINT } from '@omnia/contracts/registration';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { AppEnv } from '../../http/context';
import type { Logger } from '../../logger';
import { type ClientMembers, type ClientsService, createClientSecretBox } from '../clients';
import type { ModuleParts } from '../contract';
import { type ObjectStorage, pictureUpload } from '../storage';
import { assertLogoBudgetLeft } from './limits';
import { memberRoutes } from './members-routes';
import { registrationEndpointRoutes } from './registration/endpoint-routes';
import { createRegistrations } from './registration/service';
import { registrationTokenRoutes } from './registration/token-routes';
import { createRegistrationTokens } from './registration/tokens';
import { developerRoutes } from './routes';
import { createSecurityProfiles, securityProfileRoutes } from './security-profile';
import { type ClientGrants, createDeveloperService } from './service';

/**
 * Wires the Developer Program: client registration (in the console and by tools, RFC 7591),
 * credentials, security profiles, logos and statistics.
 */
export function createDeveloperModule(deps: {
  clients: ClientsService;
  /** Who manages each app (the clients module). */
  members: ClientMembers;
  db: Db;
  logger: Logger;
  config: Pick<Config, 'secretKey' | 'autoApproveClients' | 'publicUrl' | 'env'>;
  storage: ObjectStorage;
  /** What ends in the OAuth engine when an app changes or is deleted. */
  grants: ClientGrants;
  /** Whether the account still exists (the accounts module's hold). */
  accountExists: (userId: string) => Promise<boolean>;
  guard: MiddlewareHandler<AppEnv>;
  fresh: MiddlewareHandler<AppEnv>;
}): ModuleParts & { secureAppsSince: (userId: string, since: Date) => Promise<void> } {
  const { clients, config, storage, guard, fresh } = deps;
  const developer = createDeveloperService({
    db: deps.db,
    logger: deps.logger,
    clients,
    storage,
    box: createClientSecretBox(config.secretKey),
    autoApprove: config.autoApproveClients,
    grants: deps.grants,
    allowLoopback: config.env !== 'production',
    accountExists: deps.accountExists,
  });
  const profiles = createSecurityProfiles(clients, (userId, id) =>
    developer.rotate(userId, id, { grace: 'none' }),
  );
  const registrations = createRegistrations({
    db: deps.db,
    publicUrl: config.publicUrl,
    developer,
    profiles,
    clients,
  });
  return {
    // The cancel link's step for the account's apps (service.ts).
    secureAppsSince: (userId, since) => developer.secureAppsSince(userId, since),
    // RFC 7591/7592: outside the engine's paths (the engine owns the rest of /oauth2).
    site: [
      { path: REGISTRATION_ENDPOINT, router: registrationEndpointRoutes({ db: deps.db, registrations }) },
    ],
    api: [
      {
        path: '/developer',
        router: developerRoutes({
          guard,
          fresh,
          developer,
          logoUpload: pictureUpload(deps.db, (userId) => assertLogoBudgetLeft(deps.db, userId)),
        }),
      },
      { path: '/developer', router: memberRoutes({ guard, fresh, members: deps.members }) },
      {
        path: '/developer',
        router: securityProfileRoutes({ guard, fresh, profiles }),
      },
      {
        path: '/developer',
        router: registrationTokenRoutes({
          guard,
          fresh,
          tokens: createRegistrationTokens(deps.db),
          registrations,
        }),
      },
    ],
  };
}
