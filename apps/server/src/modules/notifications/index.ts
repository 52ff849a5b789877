export { createNotificationsModule } from './module';
export { NOTIFICATIONS_PURGE_STEPS, NOTIFICATIONS_RETENTION } from './purge';
export { createNotificationsRepo } from './repo';
