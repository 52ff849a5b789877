import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AccessVerifier } from '../../http/auth';
import { finishInteractionByUid } from '../../oidc-engine-seam';
import type { ConsentService } from './consent-service';
import type { RequestHints } from './store';

/** Our consent screen, where the engine sends a browser when it needs to ask. */
const CONSENT_SCREEN = /^\/oauth2\/consent\/([\w-]+)$/;

/**
 * Signed in once, signed in everywhere. The engine keeps a login session per browser, so a browser
 * signed in to Omnia that has not yet been through the engine (or not with this account) would
 * answer an application's `prompt=none` with `login_required`, although the person is signed in
 * and approved the app. engine.ts hands such a request to the engine without `prompt=none`
 * (hints.silent); when the engine then wants to ask, this answers its interaction at once, in the
 * same response, as the consent screen would without asking (consent-service.ts, `silent`): a
 * code for a remembered consent, else the error `prompt=none` calls for. Nothing is ever shown.
 */
export function silentAuthorization(deps: {
  hints: () => RequestHints;
  verifier: AccessVerifier;
  consent: ConsentService;
  /** The engine now (it is rebuilt when signing keys change). */
  provider: () => Provider;
  publicUrl: string;
}) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const { silent, browserSession } = deps.hints();
    if (!silent || ctx.oidc?.route !== 'authorization') return;
    // The interaction this very request created, and only when the engine sends the browser to
    // our consent screen (never a uid read from a Location an application's URI could spell).
    const uid = ctx.oidc.entities.Interaction?.uid;
    const location = ctx.response.get('Location');
    const target = location ? new URL(location, deps.publicUrl) : undefined;
    if (!uid || !target || target.origin !== new URL(deps.publicUrl).origin) return;
    if (target.pathname.match(CONSENT_SCREEN)?.[1] !== uid) return;
    const auth = browserSession
      ? await deps.verifier.ofSession(browserSession.sessionId, browserSession.userId)
      : undefined;
    const outcome = await deps.consent.silent(uid, auth);
    const returnTo = await finishInteractionByUid(deps.provider().Interaction, uid, { ...outcome });
    if (!returnTo) return;
    ctx.status = 303;
    ctx.redirect(returnTo);
  };
}
