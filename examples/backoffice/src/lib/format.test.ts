import { describe, expect, it } from 'vitest';
import { jstDateTime, releaseText } from './format';

describe('jstDateTime', () => {
  it('prints the day and time in Japan whatever the host zone', () => {
    expect(jstDateTime('2026-11-30T15:05:00Z')).toBe('2026年12月1日(火) 00:05');
    expect(jstDateTime('2026-12-01T14:59:00Z')).toBe('2026年12月1日(火) 23:59');
    expect(jstDateTime(null)).toBe('—');
  });
});

describe('releaseText', () => {
  it('prints a release at its precision, a day when none is known, and the page’s word for none', () => {
    expect(releaseText('2027-03-01', 'month')).toBe('2027年3月発売予定');
    expect(releaseText('2026-12-15', 'month_part')).toBe('2026年12月中旬発売予定');
    expect(releaseText('2026-12-15', null)).toBe(releaseText('2026-12-15', 'day'));
    expect(releaseText(null, 'day')).toBe('—');
    expect(releaseText(null, 'day', '未定')).toBe('未定');
  });
});
