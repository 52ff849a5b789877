export { createServicesModule } from './module';
export type { ServicesRepo } from './repo';
