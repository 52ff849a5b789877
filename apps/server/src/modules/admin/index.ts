export { adminKeyPath, adminProof, readAdminKey } from './admin-key';
export { createAdminModule } from './module';
export { type AdminClient, type AdminDecision, createAdminService } from './service';
