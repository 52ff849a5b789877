import type { IncomingMessage, ServerResponse } from 'node:http';

/** Authorization requests are a handful of parameters; anything larger is not one. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Reads an application/x-www-form-urlencoded body (the authorization endpoint by POST); undefined
 * when it is larger than the limit. Another content type reads as no parameters.
 */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > FORM_BODY_LIMIT) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > FORM_BODY_LIMIT) return undefined;
    chunks.push(buffer);
  }
  const type = String(req.headers['content-type'] ?? '')
    .split(';', 1)[0]
    ?.trim()
    .toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A POST to an endpoint that takes GET too: its form's parameters with the URL's after them (the
 * form's win), or undefined once a body too large has been answered 413.
 */
export async function postedParams(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<URLSearchParams | undefined> {
  const form = await readFormBody(req);
  if (!form) {
    res.writeHead(413, { Connection: 'close', 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'invalid_request', error_description: 'request body too large' }));
    return undefined;
  }
  for (const [name, value] of url.searchParams) if (!form.has(name)) form.append(name, value);
  return form;
}
