import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../logger';

/** Hono environment shared by every route: request-scoped variables. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth middleware on authenticated routes. */
    userId: string;
    /** The caller's Omnia session (set with userId). */
    sessionId: string;
    /** The client IP, from the socket (or X-Forwarded-For when TRUST_PROXY is on). */
    clientIp: string;
  };
}
