export { createProfilesModule } from './module';
export { createProfilesRepo } from './repo';
