export { createApisModule } from './module';
export type { ApisService, ResourceGrant } from './service';
