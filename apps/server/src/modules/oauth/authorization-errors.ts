import type Provider from 'oidc-provider';
import { ENGINE_PKCE_REQUIRED } from '../../oidc-engine-seam';

/** What a developer reads at their redirect URI when the authorization request lacked PKCE. */
export const PKCE_REQUIRED_DESCRIPTIONS = {
  /** A web application: PKCE is on by default, and may be turned off for a nonce-based app. */
  confidential:
    "code_challenge is missing: this app requires PKCE (S256). A web application that sends an OpenID Connect nonce instead can turn 'Require PKCE' off on its page in the Developer Program",
  /** A single-page, native or device app: PKCE cannot be turned off. */
  public: 'code_challenge is missing: single-page, native and device apps must use PKCE (S256)',
} as const;

/**
 * Words the authorization errors sent back to an app for its developer: the engine's PKCE refusal
 * becomes one that says what to change. Only `error_description` of the redirect changes; its
 * `error`, `state` and `iss` stay as the engine wrote them.
 */
export function wordAuthorizationErrors(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'authorization') return;
    const location = ctx.response.get('Location');
    if (!location) return;
    let back: URL;
    try {
      back = new URL(location);
    } catch {
      return;
    }
    if (back.searchParams.get('error_description') !== ENGINE_PKCE_REQUIRED.text) return;
    const client = ctx.oidc.client;
    const words =
      client?.clientAuthMethod === 'none'
        ? PKCE_REQUIRED_DESCRIPTIONS.public
        : PKCE_REQUIRED_DESCRIPTIONS.confidential;
    back.searchParams.set('error_description', words);
    ctx.set('Location', back.href);
  });
}
