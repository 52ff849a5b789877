import type { IncomingMessage } from 'node:http';
import { ENGINE_PUSHED_REQUEST } from '../../oidc-engine-seam';

// How the engine's requests are read and rewritten before it sees them (engine.ts).

/**
 * SPEC §7 documents `profile email` without `openid`, and userinfo must still answer for it; the
 * engine only serves userinfo to tokens carrying `openid`, so it is added to every authorization
 * request before the engine reads it.
 */
export function withOpenIdScope(url: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  // Sent twice, it is the engine's to refuse (RFC 6749 §3.1: no parameter more than once), not
  // ours to merge into one.
  if (params.getAll('scope').length > 1) return url;
  const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.includes('openid')) return url;
  params.set('scope', ['openid', ...scopes].join(' '));
  return `${path}?${params}`;
}

/**
 * Every URL the engine writes (discovery, redirects, the issuer's endpoints) comes from PUBLIC_URL,
 * never from the request's Host or X-Forwarded-Host, which anyone can forge.
 */
export function pinToPublicUrl(req: IncomingMessage, publicUrl: URL) {
  req.headers.host = publicUrl.host;
  req.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
  delete req.headers['x-forwarded-host'];
  delete req.headers.forwarded;
}

/**
 * A `prompt=none` authorization from a browser whose Omnia session is live: the engine gets it
 * without `prompt=none`, and silent-authorization.ts answers whatever it would ask, without a page.
 */
export function isSilent(req: IncomingMessage): boolean {
  const params = new URLSearchParams((req.url ?? '').split('?', 2)[1] ?? '');
  return params.getAll('prompt').length === 1 && params.get('prompt') === 'none';
}
/** An authorization that names a pushed request (RFC 9126): its parameters are in the engine's record. */
export function isPushed(req: IncomingMessage): boolean {
  const params = new URLSearchParams((req.url ?? '').split('?', 2)[1] ?? '');
  return params.get('request_uri')?.startsWith(ENGINE_PUSHED_REQUEST.urn) === true;
}
export function withoutPromptNone(req: IncomingMessage): void {
  const [path, query = ''] = (req.url ?? '').split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete('prompt');
  req.url = `${path}?${params}`;
}
