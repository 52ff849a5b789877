import {
  SECURITY_EVENT_GROUPS,
  type SecurityEventGroup,
  type SecurityEventsResponse,
} from '@omnia/contracts/security';
import { isEventId, type SecurityEventsRepo } from './repo';

const PAGE = 20;

/** The caller's security activity, newest first, a page at a time. */
export function createSecurityEventsService(repo: SecurityEventsRepo) {
  return {
    /**
     * A page of events, of one group or all; `before` (the last id of the previous page) continues
     * after it, unless malformed.
     */
    async page(
      userId: string,
      before: string | null,
      group?: SecurityEventGroup,
    ): Promise<SecurityEventsResponse> {
      const cursor = before && isEventId(before) ? before : null;
      const rows = await repo.list(userId, PAGE + 1, cursor, group && SECURITY_EVENT_GROUPS[group]);
      const events = rows.slice(0, PAGE);
      return { events, next_before: rows.length > PAGE ? (events.at(-1)?.id ?? null) : null };
    },
  };
}
export type SecurityEventsService = ReturnType<typeof createSecurityEventsService>;
