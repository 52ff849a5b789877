import { OAUTH_RESPONSE_TYPE } from '@omnia/contracts/constants';
import { MESSAGES } from '@omnia/contracts/messages';

export type EntryKind = 'authorize' | 'consent';

/**
 * SPEC §5 authorize request checks, run before the query is handed to the server's engine so an
 * obviously broken link shows our error page instead of bouncing through the server. The consent
 * entry words a missing client id as the consent view does ('Missing client ID').
 */
export function validateAuthorizeQuery(params: URLSearchParams, kind: EntryKind): string | null {
  if (!params.get('client_id')) {
    return kind === 'consent' ? MESSAGES.missingClientId : MESSAGES.missingClientIdParam;
  }
  if (!params.get('redirect_uri')) return MESSAGES.missingRedirectUriParam;
  const responseType = params.get('response_type');
  if (!responseType) return MESSAGES.missingResponseTypeParam;
  if (responseType !== OAUTH_RESPONSE_TYPE) return MESSAGES.invalidResponseType;
  return null;
}
