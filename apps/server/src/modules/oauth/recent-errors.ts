import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ENGINE_PKCE_REQUIRED, grantErrorDetail } from '../../oidc-engine-seam';
import type { ClientErrorEntry } from '../clients';
import { PKCE_REQUIRED_DESCRIPTIONS } from './authorization-errors';
import { GRANT_ERROR_DESCRIPTIONS } from './token-errors';

interface EngineError {
  error?: unknown;
  error_description?: unknown;
  error_detail?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** What the app's developer reads: Omnia's words where it has them, else the engine's detail. */
function describe(ctx: KoaContextWithOIDC, err: EngineError): string | null {
  const detail = grantErrorDetail(err);
  const words = detail ? GRANT_ERROR_DESCRIPTIONS[detail] : undefined;
  if (words) return words;
  if (err.error_description === ENGINE_PKCE_REQUIRED.text)
    return ctx.oidc?.client?.clientAuthMethod === 'none'
      ? PKCE_REQUIRED_DESCRIPTIONS.public
      : PKCE_REQUIRED_DESCRIPTIONS.confidential;
  // The detail names the failed check (an invalid secret, an unknown scope); it is the app's own.
  return text(err.error_detail) ?? text(err.error_description) ?? null;
}

/**
 * Records every refusal of a request that names a known app, for its page's 'Recent errors'.
 * A request naming no app (or an unknown one) has nobody to tell.
 */
export function recordRefusals(
  provider: Provider,
  record: (clientId: string, entry: ClientErrorEntry) => void,
): void {
  const refused = (endpoint: string) => (ctx: KoaContextWithOIDC, err: EngineError) => {
    const clientId = ctx.oidc?.client?.clientId;
    const error = text(err?.error);
    if (!clientId || !error) return;
    record(clientId, { endpoint, error, description: describe(ctx, err) });
  };
  // The endpoints an app calls, by the names its page shows.
  provider.on('authorization.error', refused('authorization'));
  provider.on('grant.error', refused('token'));
  provider.on('userinfo.error', refused('userinfo'));
  provider.on('introspection.error', refused('introspection'));
  provider.on('revocation.error', refused('revocation'));
  provider.on('device_authorization.error', refused('device_authorization'));
  provider.on('end_session.error', refused('end_session'));
}
