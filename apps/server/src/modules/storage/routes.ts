import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ObjectStorage } from './object-storage';

/**
 * GET /storage/{bucket}/...: public files (avatars, client logos). URLs carry a `?v=` that changes
 * with the file, so a long cache is safe; nosniff and a sandboxing CSP keep a file from acting as a page.
 */
export function storageRoutes(storage: ObjectStorage) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^\/storage\//, ''));
    const file = await storage.get(key);
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(new Uint8Array(file.bytes));
  });
}
