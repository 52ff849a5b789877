import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { ObjectStorage } from './object-storage';

/**
 * What is served: a cleaned picture (cleanImage's formats) in an account's folder of the avatars or
 * logos bucket. Nothing else in the store (an operator's shared bucket, a file still being written)
 * is public.
 */
const PUBLIC_FILE =
  /^(avatars|oauth2-logos)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[a-z0-9-]+\.(?:png|jpg|webp|gif)$/;

/*
 * A logo's key is new with every upload, so it may be cached for a year. An avatar keeps its key
 * (its URL's `?v=` changes instead): shared caches keep one for a day at most, so a picture taken
 * down, or its deleted account's, does not stay out there for a year.
 */
const CACHE = {
  avatars: 'public, max-age=86400',
  'oauth2-logos': 'public, max-age=31536000, immutable',
} as const;

/**
 * GET /storage/{bucket}/...: public files (avatars, client logos), streamed from the local disk or the
 * S3 bucket, so URLs are the same in both modes. nosniff and a sandboxing CSP keep a file from
 * acting as a page. They are readable cross-origin: an avatar is the `picture` claim, which apps
 * show on their own pages.
 */
export function storageRoutes(storage: ObjectStorage) {
  return new Hono<AppEnv>().get('/*', async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.replace(/^\/storage\//, ''));
    } catch {
      return c.text('Not found', 404);
    }
    const bucket = PUBLIC_FILE.exec(key)?.[1] as keyof typeof CACHE | undefined;
    if (!bucket) return c.text('Not found', 404);
    const file = await storage.get(key);
    if (!file) return c.text('Not found', 404);
    c.header('Content-Type', file.contentType);
    if (file.size !== undefined) c.header('Content-Length', String(file.size));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Security-Policy', "default-src 'none'; sandbox");
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('Cache-Control', CACHE[bucket]);
    if (c.req.method === 'HEAD') {
      await file.body.cancel();
      return c.body(null);
    }
    return c.body(file.body);
  });
}
