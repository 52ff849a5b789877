import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ObjectStorage } from './object-storage';

/**
 * GET /storage/{bucket}/...: public files (avatars, client logos), streamed from the local disk or the
 * S3 bucket, so URLs are the same in both modes. URLs carry a `?v=` that changes with the file, so a
 * long cache is safe; nosniff and a sandboxing CSP keep a file from acting as a page. They are
 * readable cross-origin: an avatar is the `picture` claim, which apps show on their own pages.
 */
export function storageRoutes(storage: ObjectStorage) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/storage\//, ''));
    } catch {
      return c.text('Not found', 404);
    }
    const file = await storage.get(key);
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    if (file.size !== undefined) c.header('Content-Length', String(file.size));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (c.req.method === 'HEAD') {
      await file.body.cancel();
      return c.body(null);
    }
    return c.body(file.body);
  });
}
