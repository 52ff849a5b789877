export { securityLog } from './log';
export { createSecurityModule } from './module';
export { SECURITY_PURGE_STEPS, SECURITY_RETENTION } from './purge';
export type { FailedCheckKind } from './repo';
