export type { ClientCache } from './cache';
export { createClientSecretBox, generateClientId, generateClientSecret } from './credentials';
export { deleteClientsOf } from './delete-all';
export type { ClientErrorEntry } from './errors-repo';
export type { ClientMembers } from './members';
export { createClientsModule } from './module';
export { CLIENTS_PURGE_STEPS, CLIENTS_RETENTION } from './purge';
export type { ClientsService } from './service';
export type { UsageRecorder } from './usage';
