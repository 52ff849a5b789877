export { createApisModule } from './module';
export type { ApisService } from './service';
