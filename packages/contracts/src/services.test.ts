import { describe, expect, it } from 'vitest';
import { isServiceClickable, SERVICE_STATUS_LABELS } from './services';

describe('service card rules', () => {
  it('labels each status as the SPEC says', () => {
    expect(SERVICE_STATUS_LABELS).toEqual({
      active: 'Active',
      development: 'Under Development',
      'coming-soon': 'Coming Soon',
    });
  });
  it('makes only cards that are not coming-soon clickable', () => {
    expect(isServiceClickable('active')).toBe(true);
    expect(isServiceClickable('development')).toBe(true);
    expect(isServiceClickable('coming-soon')).toBe(false);
  });
});
