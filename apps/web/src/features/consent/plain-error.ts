import type { MessageKey } from '@omnia/contracts/messages';

/** What a person reads when an authorization cannot go on; the technical text is folded away. */
export type PlainError = 'unavailable' | 'notReviewed' | 'badLink';

const PLAIN: Partial<Record<MessageKey, PlainError>> = {
  unknownClient: 'unavailable',
  unregisteredRedirectUri: 'unavailable',
  pendingClientNotOwner: 'notReviewed',
  missingClientIdParam: 'badLink',
  missingRedirectUriParam: 'badLink',
  missingResponseTypeParam: 'badLink',
  invalidResponseType: 'badLink',
  invalidAuthorizationRequest: 'badLink',
  missingClientId: 'badLink',
  missingRequiredParameters: 'badLink',
};

/**
 * The plain sentence for a refusal, by its catalogue key; undefined when the text speaks to people
 * already ('This authorization request has expired…', a network failure).
 */
export function plainErrorOf(key: MessageKey | undefined): PlainError | undefined {
  return key && Object.hasOwn(PLAIN, key) ? PLAIN[key] : undefined;
}
