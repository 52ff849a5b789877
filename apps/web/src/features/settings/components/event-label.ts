import type { PASSKEY_EVENT_LABELS, SecurityEvent } from '@omnia/contracts/security';

/** The catalogue key of an event's label: a passkey added or removed reads as such, not as two-step. */
export function eventLabelKey(
  event: Pick<SecurityEvent, 'kind' | 'detail'>,
): SecurityEvent['kind'] | keyof typeof PASSKEY_EVENT_LABELS {
  if (event.detail.method === 'passkey') {
    if (event.kind === 'second_factor_added') return 'passkey_added';
    if (event.kind === 'second_factor_removed') return 'passkey_removed';
  }
  return event.kind;
}
