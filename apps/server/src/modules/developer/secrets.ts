import { SECRET_GRACE_SECONDS } from '@omnia/contracts/constants';
import {
  type PreviousSecretResponse,
  type RotateResponse,
  type RotateSecretInput,
  rotateSecretSchema,
  type SecretResponse,
} from '@omnia/contracts/developer';
import type { SecretBox } from '../../crypto/secret-box';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { ClientsService } from '../clients';
import { generateClientSecret } from '../clients';
import { securityLog } from '../security';
import { found, requireUuid } from './checks';

/** An owned app's client secret: shown, rotated with a grace period, and replaced after a takeover. */
export function createAppSecrets(deps: {
  db: Db;
  logger: Logger;
  clients: ClientsService;
  /** Seals client secrets ('oauth2-client-secret' purpose, shared with the OAuth engine). */
  box: SecretBox;
}) {
  const { clients, box } = deps;

  async function secret(userId: string, id: string): Promise<SecretResponse> {
    requireUuid(id);
    const sealed = found(await clients.sealedSecretOf(userId, id));
    try {
      return { client_secret: box.open(sealed) };
    } catch {
      // Sealed under another SECRET_KEY: nobody can read it any more, the owner rotates it.
      throw new AppError('secret_unreadable');
    }
  }

  /**
   * A new secret replaces the old one, which keeps working for the grace period chosen ('none':
   * stops at once); the event counts as 'secret_rotated'.
   */
  async function rotate(userId: string, id: string, input: RotateSecretInput): Promise<RotateResponse> {
    requireUuid(id);
    const { grace } = rotateSecretSchema.parse(input);
    const clientSecret = generateClientSecret();
    const rotated = found(
      await clients.rotateSecret(userId, id, box.seal(clientSecret), SECRET_GRACE_SECONDS[grace]),
    );
    return { client_secret: clientSecret, ...rotated };
  }

  return {
    secret,
    rotate,
    /** The console shows the secret: recorded in the caller's security activity, as its rotation is. */
    async revealSecret(userId: string, id: string, ip: string | null): Promise<SecretResponse> {
      const shown = await secret(userId, id);
      const { name } = found(await clients.findOwned(userId, id));
      await securityLog.record(deps.db, {
        userId,
        kind: 'client_secret_revealed',
        // The id lets the cancel link find the secrets shown (secureAppsSince).
        detail: { app: name, app_id: id },
        ip,
      });
      return shown;
    },
    /**
     * After the owner took the account back (the cancel link), for the apps it manages now (the
     * ones handed away in the meantime are back): the ones it registered, or whose keys changed,
     * since then are no longer its own to its APIs (a key of the intruder's would pass without a
     * secret); changes asked for since then stop waiting for review; where they send people and
     * logout tokens goes back to what it was (clients.destinationsBefore); and every secret shown or
     * rotated to since then, by anyone (the account, a member it added, the account an app was
     * handed to, a tool it registered), or of an app that gained a member or changed hands since
     * then, is replaced at once. An app that fails is logged and the others still go.
     */
    async secureAppsSince(userId: string, since: Date): Promise<void> {
      await clients.forgetSince(userId, since);
      // Where the apps send people's codes and logout tokens goes back to what it was then.
      for (const [id, values] of await clients.destinationsBefore(userId, since)) {
        try {
          await clients.change(userId, id, values, async () => undefined);
        } catch (err) {
          deps.logger.warn({ err, app: id }, 'an app changed before the cancel link was not put back');
        }
      }
      const managed = (await clients.listOwned(userId)).map((app) => app.id);
      const kinds = ['client_secret_revealed', 'client_secret_rotated'] as const;
      const exposed = new Set([
        ...(await securityLog.appsNamedSince(deps.db, managed, kinds, since)),
        // A member or new owner in the window may have read it and deleted their account since,
        // with its activity: the app's history keeps that it was shared.
        ...(await clients.sharedSince(userId, since)),
      ]);
      for (const id of exposed) {
        try {
          await rotate(userId, id, { grace: 'none' });
        } catch (err) {
          if (err instanceof AppError && (err.code === 'not_found' || err.code === 'forbidden')) continue;
          deps.logger.warn({ err, app: id }, 'a secret shown before the cancel link was not replaced');
        }
      }
    },
    async previousSecret(userId: string, id: string): Promise<PreviousSecretResponse> {
      requireUuid(id);
      return found(await clients.previousSecretOf(userId, id));
    },
    async revokePreviousSecret(userId: string, id: string): Promise<void> {
      requireUuid(id);
      if (!(await clients.revokePreviousSecret(userId, id))) throw new AppError('not_found');
    },
  };
}
