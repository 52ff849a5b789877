export { enqueueMail, isUndeliverable } from './enqueue';
export { renderEmail } from './layout';
export { fill, languageFromHeader, mailStrings } from './locales';
export { createMailModule } from './module';
export { MAIL_PURGE_STEPS, MAIL_RETENTION } from './purge';
export type { MailMessage } from './repo';
export { DEV_MAILBOX_PATH, devMailboxEnabled } from './routes';
export type { MailWorkerOptions } from './worker';
