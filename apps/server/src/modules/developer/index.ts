export { logoFolderUrl, logoKeyOf } from './logos';
export { createDeveloperModule } from './module';
export { DEVELOPER_PURGE_STEPS } from './purge';
export { endRegistration, endRegistrationTokensOf, registrationTokensOf } from './registration/repo';
