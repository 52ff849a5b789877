import { CONSENT_ERROR_PAGE, type ConsentErrorCode, consentErrorMessage } from '@omnia/contracts/developer';
import { MESSAGES } from '@omnia/contracts/messages';
import type { errors, KoaContextWithOIDC } from 'oidc-provider';
import type { RequestHints } from './store';

type ErrorOut = { error: string; error_description?: string };

/** Which of our error page's known texts an engine error is (the page shows nothing else). */
function engineErrorCode(out: ErrorOut, hints: RequestHints = {}): ConsentErrorCode {
  const d = out.error_description ?? '';
  if (hints.hiddenPendingClient) return 'pending_client';
  if (out.error === 'invalid_client') return 'invalid_client';
  if (out.error === 'invalid_redirect_uri') return 'invalid_redirect_uri';
  if (/'client_id'/.test(d)) return 'missing_client_id';
  if (/'redirect_uri'/.test(d)) return 'missing_redirect_uri';
  if (/'response_type'/.test(d)) return 'missing_response_type';
  if (out.error === 'unsupported_response_type') return 'unsupported_response_type';
  // A pushed request that expired or was used already (RFC 9126): start again, as for a session.
  if (out.error === 'invalid_request_uri' || /interaction|session/i.test(d)) return 'expired';
  return 'invalid_request';
}

/**
 * Errors that must not go back to the client (unknown client, unregistered redirect_uri, ...)
 * are shown on our own page, which shows the text of a known code only; a JSON caller gets the
 * OAuth error body.
 */
export function renderEngineError(
  ctx: KoaContextWithOIDC,
  out: ErrorOut,
  _error: errors.OIDCProviderError | Error,
  hints: RequestHints = {},
) {
  const code = engineErrorCode(out, hints);
  if (ctx.accepts('html', 'json') === 'json') {
    ctx.type = 'json';
    ctx.body = { error: out.error, error_description: MESSAGES[consentErrorMessage(code)] };
    return;
  }
  ctx.status = 303;
  ctx.redirect(`${CONSENT_ERROR_PAGE}?${new URLSearchParams({ error: code })}`);
}
