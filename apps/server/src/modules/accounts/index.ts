export { holdAccount, holdForNewCredential } from './hold';
export { createAccountsModule } from './module';
export type { AccountsOptionsInput } from './options';
export { ACCOUNTS_PURGE_STEPS, ACCOUNTS_RETENTION } from './purge';
