import cluster from 'node:cluster';
import { PRODUCT_NAME } from '@omnia/contracts/constants';
import { runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './logger';
import { DEV_MAILBOX_PATH, devMailboxEnabled } from './modules/mail';
import { startServer } from './server';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  if (cluster.isPrimary && config.webConcurrency > 1) {
    runPrimary(config.webConcurrency, logger);
    return;
  }
  const omnia = await startServer(config, { logger, modules: { clusterWorker: cluster.isWorker } });
  if (devMailboxEnabled(config)) {
    logger.info(`dev mailbox at ${config.publicUrl}${DEV_MAILBOX_PATH} (loopback only)`);
  }
  if (!cluster.isWorker || cluster.worker?.id === 1)
    logger.info(`${PRODUCT_NAME} is ready at ${config.publicUrl}`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'signal received');
    omnia.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
