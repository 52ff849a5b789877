export { createNotificationsModule } from './module';
export { forgetNotices, notify } from './notify';
export { NOTIFICATIONS_PURGE_STEPS, NOTIFICATIONS_RETENTION } from './purge';
