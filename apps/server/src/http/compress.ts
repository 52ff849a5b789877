import { promisify } from 'node:util';
import { deflate, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const ENCODERS = { gzip: promisify(gzip), deflate: promisify(deflate) } as const;
type Encoding = keyof typeof ENCODERS;
// In order of preference when the client weighs them the same.
const ENCODINGS = Object.keys(ENCODERS) as Encoding[];

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The encoding to answer in, from Accept-Encoding's weights (RFC 9110, 12.5.3); none for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.toLowerCase().startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

/**
 * Compresses text answers of `threshold` bytes or more for clients that accept gzip or deflate.
 *
 * hono's compress sets Vary with `c.header()` after the route, which turns @hono/node-server's
 * light response into a full web Response on every JSON answer, and, as JSON answers carry no
 * Content-Length, it streams even a 20-byte body through a CompressionStream. This one touches
 * only `c.res.headers` (which keeps the response light) until it has a body to encode; it then
 * reads the body once, so it knows its length: a short body goes out as it was, a long one is
 * encoded in one call, and either way with a Content-Length instead of chunks.
 */
export function compress(threshold = 1024): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const headers = res.headers;
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      headers.has('content-encoding') ||
      headers.has('transfer-encoding') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get('content-type') ?? '') ||
      NO_TRANSFORM.test(headers.get('cache-control') ?? '')
    )
      return;
    const length = headers.get('content-length');
    if (length !== null && Number(length) < threshold) return;

    const vary = headers.get('vary');
    if (vary !== '*' && !(vary && VARIES_ON_ENCODING.test(vary)))
      headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;

    const status = res.status;
    const plain = new Uint8Array(await res.arrayBuffer());
    const body = plain.byteLength < threshold ? plain : await ENCODERS[encoding](plain);
    if (body !== plain) {
      headers.set('content-encoding', encoding);
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
    }
    headers.set('content-length', String(body.byteLength));
    // Replacing a set response makes hono rebuild the new one from its body stream and copy the old
    // headers over it; the headers are already these, so the old response is cleared first.
    c.res = undefined;
    c.res = new Response(body, { status, headers });
  };
}
