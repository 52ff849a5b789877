import type { KoaContextWithOIDC } from 'oidc-provider';

/** The web app's page for RP-initiated logout (features/auth): confirm, or say it is done. */
const SIGN_OUT_PAGE = '/auth/sign-out';

/**
 * OpenID Connect RP-Initiated Logout: the engine asks the person to confirm. Our page does it in
 * their language; its form posts the engine's one-time `xsrf` back to /oauth2/logout/confirm.
 */
export async function logoutSource(ctx: KoaContextWithOIDC, _form: string) {
  askToSignOut(ctx, ctx.oidc.session);
}

/** Sends the browser to our sign-out page with the engine session's one-time `xsrf`. */
export function askToSignOut(
  ctx: { status: number; redirect(url: string): void },
  session: { state?: unknown } | undefined,
) {
  const secret = (session?.state as { secret?: string } | undefined)?.secret ?? '';
  ctx.status = 303;
  ctx.redirect(`${SIGN_OUT_PAGE}?${new URLSearchParams({ xsrf: secret })}`);
}

/** Signed out without a post_logout_redirect_uri: the page says so. */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.status = 303;
  ctx.redirect(`${SIGN_OUT_PAGE}?done=1`);
}
