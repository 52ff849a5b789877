export { createNotificationsModule } from './module';
export { notify } from './notify';
export { NOTIFICATIONS_PURGE_STEPS, NOTIFICATIONS_RETENTION } from './purge';
