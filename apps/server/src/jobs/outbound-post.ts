import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { callable, guardedLookup, NOT_PUBLIC } from './public-address';

/** How much of an answer's body is read before its connection is closed. */
const BODY_READ_LIMIT = 16 * 1024;

/** The outcome of one POST: the app's status, or why there was none. */
export interface PostOutcome {
  status: number | null;
  error?: string;
}

/** What one POST carries: its body, and headers beside the content type and length. */
export interface OutboundBody {
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

/** POSTs a form (a logout token) with `postTo`. */
export function postForm(
  uri: string,
  form: URLSearchParams,
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  return postTo(uri, { body: form.toString(), contentType: 'application/x-www-form-urlencoded' }, options);
}

/**
 * POSTs to a developer's URL from Omnia's server (logout tokens, webhooks). In production it must
 * be https and every address it resolves to public: the check runs on the addresses the socket
 * connects to (a lookup of our own), so a name that answers differently the second time gains
 * nothing. Outside production this machine's loopback is allowed too (development, tests). The
 * errors stay coarse. Redirects are not followed.
 */
export function postTo(
  uri: string,
  outbound: OutboundBody,
  options: { allowLoopback: boolean; timeoutMs: number },
): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return Promise.resolve({ status: null, error: 'not called: not a URL' });
  }
  const verdict = callable(url, options.allowLoopback);
  if (verdict === 'not_https')
    return Promise.resolve({ status: null, error: 'not called: only https addresses are called' });
  if (verdict === 'not_public')
    return Promise.resolve({ status: null, error: 'not called: not a public address' });
  const https = url.protocol === 'https:';
  const { body } = outbound;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const send = https ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      // A connection of its own, closed after the answer: none is kept for a developer's host.
      agent: false,
      lookup: guardedLookup(options.allowLoopback),
      headers: {
        ...outbound.headers,
        'content-type': outbound.contentType,
        'content-length': String(Buffer.byteLength(body)),
      },
    });
    // The whole exchange, the name's lookup included. Settled here, not by the error the destroy
    // may or may not emit (a request already ended emits none).
    const timer = setTimeout(() => {
      settle({ status: null, error: 'no answer in time' });
      req.destroy();
    }, options.timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      settle(status >= 200 && status < 300 ? { status } : { status, error: `answered ${status}` });
      // Only the status counts. The body is read to its end within the same time and up to a few
      // kilobytes, then the connection closes: an endless or slow answer holds no socket.
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_READ_LIMIT) req.destroy();
      });
    });
    // A switch of protocols (101) is no answer to a POST; Node reports it only here.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      settle({ status: res.statusCode ?? 101, error: `answered ${res.statusCode ?? 101}` });
    });
    req.on('error', (err) => {
      settle({
        status: null,
        error: err.message === NOT_PUBLIC ? 'not called: not a public address' : 'could not connect',
      });
    });
    // Whatever ended the exchange, it has an outcome, and the timer goes.
    req.on('close', () => {
      clearTimeout(timer);
      settle({ status: null, error: 'could not connect' });
    });
    req.end(body);
  });
}
