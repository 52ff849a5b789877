import { createHash, timingSafeEqual } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { StoredRow } from './types';

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The grant to revoke when a used authorization code comes back after its minute (RFC 6749
 * §4.1.2: a replay; the engine sees only unexpired codes). Only a request that would have got
 * that far within the minute counts: the code's own app (authenticated by then), its
 * redirect_uri, and its PKCE verifier. A leaked used code alone ends nobody's sign-in.
 */
export function expiredCodeReplayed(row: StoredRow, ctx: KoaContextWithOIDC | undefined): string | undefined {
  const code = row.payload as {
    grantId?: unknown;
    clientId?: unknown;
    redirectUri?: unknown;
    codeChallenge?: unknown;
  };
  const params = ctx?.oidc?.params ?? {};
  if (!row.consumed_at || typeof code.grantId !== 'string') return undefined;
  if (code.clientId !== ctx?.oidc?.client?.clientId || code.redirectUri !== params.redirect_uri)
    return undefined;
  if (typeof code.codeChallenge === 'string') {
    const verifier = params.code_verifier;
    if (typeof verifier !== 'string') return undefined;
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!sameText(challenge, code.codeChallenge)) return undefined;
  }
  return code.grantId;
}
