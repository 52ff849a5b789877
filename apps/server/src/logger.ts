import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    // pid tells the workers of a cluster (WEB_CONCURRENCY) apart.
    base: { service: 'omnia', pid: process.pid },
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  });
}
