import type { PurgeSteps } from '../contract';
import { createOutboxRepo } from './repo';

export const MAIL_RETENTION = {
  /** Delivered mail: a day (the longest link lifetime), then deleted with the links it carried. */
  mailSeconds: 24 * 3600,
} as const;

export const MAIL_PURGE_STEPS: PurgeSteps = {
  mail_outbox: (db) => createOutboxRepo(db).purgeDelivered(MAIL_RETENTION.mailSeconds),
};
