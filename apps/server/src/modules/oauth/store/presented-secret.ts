import { timingSafeEqual } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** RFC 6749 §2.3.1: the Basic credentials are form-urlencoded before they are joined. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return undefined;
  }
}

/**
 * The client secret a request authenticates with, in the body (`client_secret_post`) or as HTTP
 * Basic (`client_secret_basic`), for the client it names; undefined when there is none. A
 * malformed header gives none: the engine refuses it with its own words.
 */
export function presentedClientSecret(
  ctx: KoaContextWithOIDC | undefined,
  clientId: string,
): string | undefined {
  if (!ctx?.oidc) return undefined;
  const posted = ctx.oidc.params?.client_secret;
  if (typeof posted === 'string' && posted) return posted;
  const header = ctx.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, encoded, ...rest] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded || rest.length) return undefined;
  const basic = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = basic.indexOf(':');
  if (colon < 0 || formDecode(basic.slice(0, colon)) !== clientId) return undefined;
  return formDecode(basic.slice(colon + 1)) || undefined;
}

/** Compares two secrets in constant time (for equal lengths; the length of a secret is no secret). */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
