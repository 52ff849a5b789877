export { createProfilesModule } from './module';
export { createProfilesRepo, publicNames } from './repo';
