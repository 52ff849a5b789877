import type { OAuthAction } from '@omnia/contracts/constants';
import type { Db } from '../../db/connect';
import type { Logger } from '../../logger';
import { recordUsage } from '../developer/repo';

export type UsageRecorder = (clientId: string | undefined, action: OAuthAction) => void;

/** Records one OAuth event for the client's statistics; never fails the request that caused it. */
export function createUsageRecorder(db: Db, logger: Logger): UsageRecorder {
  return (clientId, action) => {
    if (!clientId) return;
    recordUsage(db, clientId, action).catch((err: unknown) =>
      logger.warn({ err, clientId, action }, 'usage event not recorded'),
    );
  };
}
