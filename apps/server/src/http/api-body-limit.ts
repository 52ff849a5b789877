import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** JSON bodies are small; uploads have their own, larger limit on their routes. */
export const JSON_BODY_LIMIT = 64 * 1024;

// As in a web Request, which has no body for these (so hono's bodyLimit lets them through too).
const BODILESS = new Set(['GET', 'HEAD']);

/**
 * The API's body limit, decided from Content-Length when the body is not chunked (Node's parser
 * then reads exactly that many bytes, no more), so the body stays in Node's request until the route
 * reads it, once, straight from it (`c.req.json()`). hono's bodyLimit reads `c.req.raw.body`,
 * which makes @hono/node-server build a web Request, with a stream and an AbortSignal, for every
 * request, GETs included: a session refresh then kept one byte in eight it allocated past the next
 * young collection. A body without a length (chunked) still goes
 * through hono's bodyLimit, which counts as it reads.
 */
export function apiBodyLimit(maxSize: number, tooLarge: () => never): MiddlewareHandler {
  const counting = bodyLimit({ maxSize, onError: tooLarge });
  return (c, next) => {
    if (BODILESS.has(c.req.method)) return next();
    if (c.req.header('transfer-encoding') !== undefined) return counting(c, next);
    // Without Transfer-Encoding the body is Content-Length bytes, or none (RFC 9112, 6.3).
    return Number.parseInt(c.req.header('content-length') ?? '0', 10) > maxSize ? tooLarge() : next();
  };
}
