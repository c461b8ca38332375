import { describe, expect, it } from 'vitest';
import { jstDateTime } from './format';

describe('jstDateTime', () => {
  it('prints the day and time in Japan whatever the host zone', () => {
    expect(jstDateTime('2026-11-30T15:05:00Z')).toBe('2026年12月1日(火) 00:05');
    expect(jstDateTime('2026-12-01T14:59:00Z')).toBe('2026年12月1日(火) 23:59');
    expect(jstDateTime(null)).toBe('—');
  });
});
