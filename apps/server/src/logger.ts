import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/**
 * The level of the one-line-per-request log: `debug` in development, where those lines would bury
 * what a developer looks for (the dev mailbox's links, errors); `info` elsewhere.
 */
export const requestLogLevel = (env: Config['env']): 'debug' | 'info' =>
  env === 'development' ? 'debug' : 'info';

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // pid tells the workers of a cluster (WEB_CONCURRENCY) apart.
    base: { service: 'omnia', pid: process.pid },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  });
}
