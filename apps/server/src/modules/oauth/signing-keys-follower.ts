import type { Logger } from '../../logger';
import type { BackgroundTask } from '../contract';
import type { OAuthEngine } from './engine';

/** How often an instance reads the signing keys again: a new key is published an hour before it signs. */
const SIGNING_KEYS_CHECK_MS = 30_000;

/**
 * Every instance follows the signing keys without a restart: it reads them again every half
 * minute, makes the scheduled next key when one is due (one instance does, under a lock), and
 * builds a new engine when what is published or what signs has changed.
 */
export function followSigningKeys(engine: Pick<OAuthEngine, 'keys'>, logger: Logger): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<unknown> = Promise.resolve();
  const check = () => {
    checking = engine.keys
      .refresh()
      .catch((err: unknown) => logger.error({ err }, 'oauth signing keys: check failed'));
  };
  return {
    start() {
      timer = setInterval(check, SIGNING_KEYS_CHECK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}
