import { MESSAGES } from '@omnia/contracts/messages';
import type { errors, KoaContextWithOIDC } from 'oidc-provider';

type ErrorOut = { error: string; error_description?: string };

/** The SPEC's wording for the errors our page shows instead of redirecting to the client. */
export function describeEngineError(out: ErrorOut): string {
  const d = out.error_description ?? '';
  if (out.error === 'invalid_client') return MESSAGES.unknownClient;
  if (out.error === 'invalid_redirect_uri') return MESSAGES.unregisteredRedirectUri;
  if (/'client_id'/.test(d)) return MESSAGES.missingClientIdParam;
  if (/'redirect_uri'/.test(d)) return MESSAGES.missingRedirectUriParam;
  if (/'response_type'/.test(d)) return MESSAGES.missingResponseTypeParam;
  if (out.error === 'unsupported_response_type') return MESSAGES.invalidResponseType;
  if (/interaction|session/i.test(d)) return MESSAGES.authorizationExpired;
  return d || MESSAGES.invalidAuthorizationRequest;
}

/**
 * Errors that must not go back to the client (unknown client, unregistered redirect_uri, ...)
 * are shown on our own page; a JSON caller gets the OAuth error body.
 */
export function renderEngineError(
  ctx: KoaContextWithOIDC,
  out: ErrorOut,
  _error: errors.OIDCProviderError | Error,
) {
  const description = describeEngineError(out);
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.type = 'json';
    ctx.body = { error: out.error, error_description: description };
    return;
  }
  const q = new URLSearchParams({ error: out.error, error_description: description });
  ctx.status = 303;
  ctx.redirect(`/oauth2/consent/error?${q}`);
}
