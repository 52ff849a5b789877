import { webOriginsOf } from '@omnia/contracts/redirect-uris';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** A single-page app: a public client of the web (store/client-metadata.ts). */
export const isSinglePageApp = (client: { clientAuthMethod?: string; applicationType?: string }) =>
  client.clientAuthMethod === 'none' && client.applicationType === 'web';

/**
 * The engine's clientBasedCORS: which page may read a credential endpoint's answer. Userinfo for
 * every app from its own web origins (a web app's pages may read the profile with the token its
 * server passed them); the token, revocation and pushed authorization request endpoints only for
 * a single-page app, from its own web origins; introspection from no page at all. `null` (a sandboxed frame, a file) never.
 */
export function clientCors(
  ctx: KoaContextWithOIDC,
  origin: string,
  client: { clientAuthMethod?: string; applicationType?: string; redirectUris?: readonly string[] },
): boolean {
  if (origin === 'null') return false;
  const route = ctx.oidc.route;
  const mayCall =
    route === 'userinfo' ||
    (isSinglePageApp(client) &&
      (route === 'token' || route === 'revocation' || route === 'pushed_authorization_request'));
  return mayCall && webOriginsOf(client.redirectUris ?? []).includes(origin);
}

/**
 * Around the engine's CORS on its credential endpoints. A preflight names no client, so the engine
 * answers it for any origin: here it is answered only for a web origin some app registered (the
 * request itself is then checked for its client by clientCors). And a request without Origin is
 * no CORS request: the engine's `Access-Control-Allow-Origin: *` on it goes, so no answer of these
 * endpoints ever says any page may read it.
 */
export function credentialEndpointCors(
  paths: readonly string[],
  isAppWebOrigin: (origin: string) => Promise<boolean>,
) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const path = ctx.path.toLowerCase().replace(/\/+$/, '');
    if (!paths.includes(path)) return next();
    const origin = ctx.get('Origin');
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') && origin) {
      if (!(await isAppWebOrigin(origin))) {
        // No Access-Control-* header: the browser stops before sending the request.
        ctx.vary('Origin');
        ctx.status = 204;
        return;
      }
    }
    await next();
    const allowed = ctx.response.get('Access-Control-Allow-Origin');
    if (!allowed) return;
    // The engine allows the origin first and checks it once it knows the client (clientCors).
    // When it never got that far (an unknown client, a wrong secret, an expired token), the
    // error is readable only from a web origin some app registered, as the preflight is.
    const unchecked = !ctx.oidc?.client && !(origin && (await isAppWebOrigin(origin)));
    if (allowed === '*' || unchecked) {
      ctx.remove('Access-Control-Allow-Origin');
      ctx.remove('Access-Control-Expose-Headers');
    }
  };
}
