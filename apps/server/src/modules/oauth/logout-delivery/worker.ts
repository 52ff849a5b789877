import type { JWK } from 'jose';
import { createDeliveryPool } from '../../../jobs/delivery-pool';
import { postForm } from '../../../jobs/outbound-post';
import { backoffSeconds } from '../../../jobs/outbox-drain';
import type { Logger } from '../../../logger';
import type { BackgroundTask } from '../../contract';
import type { DeliveriesRepo, DueDelivery } from './deliveries-repo';
import { signLogoutToken } from './logout-token';

export interface LogoutWorkerOptions {
  pollMs: number;
  /** Deliveries under way at once in this process. */
  slots: number;
  /** Of those, at most this many to one app: a slow endpoint holds no more. */
  perApp: number;
  /** A claimed delivery is not offered to other instances for this long. */
  leaseSeconds: number;
  /** First retry after this long, doubling up to maxBackoffSeconds. */
  baseBackoffSeconds: number;
  maxBackoffSeconds: number;
  /** After this many attempts (about a day with the defaults) a delivery is given up on. */
  maxAttempts: number;
  /** How long one POST may take. */
  timeoutMs: number;
}

const DEFAULTS: LogoutWorkerOptions = {
  pollMs: 2_000,
  slots: 10,
  perApp: 3,
  leaseSeconds: 60,
  baseBackoffSeconds: 10,
  maxBackoffSeconds: 3_600,
  maxAttempts: 30,
  timeoutMs: 5_000,
};

/**
 * Delivers queued logout tokens (Back-Channel Logout 1.0 §2.5): a form POST of `logout_token`; a
 * 2xx answer is delivered, anything else is retried with back-off until maxAttempts. Several
 * instances may run it (claims skip locked rows); each token is signed when it is sent, so a
 * retry an hour later carries a fresh `exp`.
 */
export function createLogoutWorker(deps: {
  repo: DeliveriesRepo;
  issuer: string;
  /** The key that signs ID tokens now with `alg` (a FAPI app's are ES256). */
  signingKey: (alg: 'RS256' | 'ES256') => JWK & { kid: string };
  /** Outside production a URI on this machine may be called (tests, local development). */
  allowLoopback: boolean;
  logger: Logger;
  options?: Partial<LogoutWorkerOptions>;
}): BackgroundTask & { kick(): void; runOnce(): Promise<void> } {
  const options = { ...DEFAULTS, ...deps.options };
  const { repo, logger } = deps;

  const deliver = async (due: DueDelivery) => {
    // The app is gone: it has no sign-in left to end.
    if (due.fapi === null) {
      await repo.failed(due.id, null, 'the app was deleted');
      return;
    }
    // Rejected since it was queued: it learns nothing more of the person.
    if (due.rejected) {
      await repo.failed(due.id, null, 'the app was rejected');
      return;
    }
    // Its developer removed the logout URI since: the address it had hears nothing more.
    if (due.uri === null) {
      await repo.failed(due.id, null, 'the logout URI was removed');
      return;
    }
    // Signed as the app's ID tokens are: ES256 on the FAPI 2.0 profile (client-metadata.ts).
    const alg = due.fapi ? 'ES256' : 'RS256';
    const token = await signLogoutToken(deps.signingKey(alg), alg, {
      issuer: deps.issuer,
      clientId: due.client_id,
      sub: due.sub,
      sid: due.sid,
    });
    const { status, error } = await postForm(due.uri, new URLSearchParams({ logout_token: token }), {
      allowLoopback: deps.allowLoopback,
      timeoutMs: options.timeoutMs,
    });
    if (!error) await repo.delivered(due.id, status ?? 200);
    else if (due.attempts >= options.maxAttempts) {
      logger.warn({ client_id: due.client_id, attempts: due.attempts, error }, 'logout delivery given up');
      await repo.failed(due.id, status, error);
    } else await repo.retry(due.id, status, error, backoffSeconds(due.attempts, options));
  };

  return createDeliveryPool({
    slots: options.slots,
    perApp: options.perApp,
    pollMs: options.pollMs,
    logger,
    name: 'logout delivery',
    async claim(limit, perApp, busyApps) {
      const batch = await repo.claimDue(limit, options.leaseSeconds, { perApp, busyApps });
      return batch.map((due) => ({ app: due.client_id, run: () => deliver(due) }));
    },
  });
}
