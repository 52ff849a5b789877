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
    /**
     * The client's IP address: the socket's peer, or behind trusted proxies (TRUST_PROXY) read from
     * the right of X-Forwarded-For; undefined when the socket has none. Always a valid address.
     */
    clientIp: string | undefined;
    /** A picture upload's file, read by storage's pictureUpload in front of its route. */
    upload: { bytes: Uint8Array; name: string };
  };
}
