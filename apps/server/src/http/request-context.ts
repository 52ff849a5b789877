import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import { type ClientAddressing, createClientAddress } from './client-address';
import type { AppEnv } from './context';

const REQUEST_ID = /^[\w.-]{8,128}$/;

/** A sane incoming X-Request-Id, or a new UUID. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Gives each request an id (a sane incoming X-Request-Id is kept), a child logger and the client IP. */
export function requestContext(
  logger: Logger,
  addressing: ClientAddressing,
  level: 'debug' | 'info' = 'info',
): MiddlewareHandler<AppEnv> {
  const clientAddress = createClientAddress(addressing);
  return async (c, next) => {
    const requestId = requestIdFrom(c.req.header('x-request-id'));
    const clientIp = clientAddress(c.env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'));
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    c.set('clientIp', clientIp);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    log[level](
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
