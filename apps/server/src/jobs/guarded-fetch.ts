import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { callable, guardedLookup } from './public-address';

/** Statuses whose answer has no body (a web Response refuses one). */
const NO_BODY = new Set([204, 205, 304]);

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function bodyOf(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new TypeError('guarded fetch: only text and form bodies are sent');
}

/**
 * A `fetch` for the OAuth engine's own calls to developers' URLs (an app's `jwks_uri`, its
 * back-channel logout URI at an RP-initiated logout): the rules of Omnia's deliveries
 * (public-address.ts) checked on the address looked up, before any connection is opened.
 * Redirects are not followed (the 3xx is the answer); the body streams, so the engine's own size
 * limits apply; the engine's timeout signal aborts it.
 */
export function createGuardedFetch(allowLoopback: boolean) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const verdict = callable(url, allowLoopback);
    if (verdict !== 'ok')
      return Promise.reject(
        new TypeError(verdict === 'not_https' ? 'only https addresses are called' : 'not a public address'),
      );
    const body = bodyOf(init.body);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      const req = send(url, {
        method: init.method ?? 'GET',
        // A connection of its own, closed after the answer: none is kept for a developer's host.
        agent: false,
        lookup: guardedLookup(allowLoopback),
        headers: Object.fromEntries(new Headers(init.headers)),
      });
      // The engine's timeout: settled here, whatever the request still emits (an ended one, none).
      const signal = init.signal;
      const abort = () => {
        req.destroy(signal?.reason);
        settle(() => reject(signal?.reason ?? new Error('aborted')));
      };
      if (signal?.aborted) abort();
      else signal?.addEventListener('abort', abort, { once: true });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status > 599) {
          res.destroy();
          settle(() => reject(new TypeError(`unexpected status ${status}`)));
          return;
        }
        const stream = NO_BODY.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (!stream) res.resume();
        settle(() => resolve(new Response(stream, { status, headers: headersOf(res) })));
      });
      // A switch of protocols (101) is no answer; Node reports it only here.
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        settle(() => reject(new TypeError(`unexpected status ${res.statusCode ?? 101}`)));
      });
      req.on('error', (err) => settle(() => reject(err)));
      req.on('close', () => {
        signal?.removeEventListener('abort', abort);
        settle(() => reject(new TypeError('connection closed without an answer')));
      });
      req.end(body);
    });
  };
}
