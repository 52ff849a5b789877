import { describe, expect, it } from 'vitest';
import { SECURITY_EVENT_GROUPS, SECURITY_EVENT_KINDS, securityEventsQuerySchema } from './security';

describe('the security activity filter', () => {
  it('puts every kind of event in exactly one group', () => {
    const grouped = Object.values(SECURITY_EVENT_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...SECURITY_EVENT_KINDS].sort());
  });
  it('takes a known group only', () => {
    expect(securityEventsQuerySchema.parse({ group: 'apps' })).toEqual({ group: 'apps' });
    expect(securityEventsQuerySchema.safeParse({ group: 'everything' }).success).toBe(false);
    expect(securityEventsQuerySchema.safeParse({ group: 'toString' }).success).toBe(false);
  });
});
