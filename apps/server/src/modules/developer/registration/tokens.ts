import {
  type createRegistrationTokenSchema,
  REGISTRATION_TOKEN_LIFETIMES,
  REGISTRATION_TOKENS_PER_DEVELOPER,
  type RegistrationTokenCreated,
} from '@omnia/contracts/registration';
import type { z } from 'zod';
import { hashToken } from '../../../crypto/tokens';
import type { Db } from '../../../db/connect';
import { AppError } from '../../../errors';
import { isUuid } from '../../../ids';
import { securityLog } from '../../security';
import { createRegistrationRepo } from './repo';
import { newToken } from './service';

/** A developer's initial access tokens: made (shown once), listed, revoked; each in the security activity. */
export function createRegistrationTokens(db: Db) {
  const repo = createRegistrationRepo(db);
  return {
    list: (userId: string) => repo.liveTokens(userId),
    async create(
      userId: string,
      input: z.output<typeof createRegistrationTokenSchema>,
    ): Promise<RegistrationTokenCreated> {
      const token = newToken('omnia_iat_');
      const made = await repo.insertToken(
        {
          userId,
          label: input.label,
          hash: hashToken(token),
          maxUses: input.max_uses,
          days: REGISTRATION_TOKEN_LIFETIMES[input.lifetime],
        },
        REGISTRATION_TOKENS_PER_DEVELOPER,
      );
      if (made === 'limit')
        throw new AppError('validation_failed', { messageKey: 'registrationTokensLimit' });
      await securityLog.record(db, {
        userId,
        kind: 'registration_token_created',
        detail: { label: input.label },
      });
      return { ...made, token };
    },
    async revoke(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.deleteToken(userId, id))) throw new AppError('not_found');
      await securityLog.record(db, { userId, kind: 'registration_token_revoked', detail: {} });
    },
  };
}
export type RegistrationTokens = ReturnType<typeof createRegistrationTokens>;
