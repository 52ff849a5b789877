import { OAUTH_RESPONSE_TYPE } from '@omnia/contracts/constants';
import type { MessageKey } from '@omnia/contracts/messages';

export type EntryKind = 'authorize' | 'consent';

/**
 * SPEC §5 authorize request checks, run before the query is handed to the server's engine so an
 * obviously broken link shows our error page instead of bouncing through the server. The consent
 * entry words a missing client id as the consent view does ('Missing client ID').
 */
export function validateAuthorizeQuery(params: URLSearchParams, kind: EntryKind): MessageKey | null {
  if (!params.get('client_id')) return kind === 'consent' ? 'missingClientId' : 'missingClientIdParam';
  if (!params.get('redirect_uri')) return 'missingRedirectUriParam';
  const responseType = params.get('response_type');
  if (!responseType) return 'missingResponseTypeParam';
  if (responseType !== OAUTH_RESPONSE_TYPE) return 'invalidResponseType';
  return null;
}
