import { describe, expect, it } from 'vitest';
import { fromJstInput, toJstInput } from './jst-input';

describe('toJstInput / fromJstInput', () => {
  it('shows an instant in Japan’s time and reads it back as the same instant', () => {
    expect(toJstInput('2026-11-30T15:30:00.000Z')).toBe('2026-12-01T00:30');
    const typed = fromJstInput('2026-12-01T00:30');
    expect(typed).toBe('2026-12-01T00:30:00+09:00');
    expect(new Date(typed ?? '').toISOString()).toBe('2026-11-30T15:30:00.000Z');
  });

  it('answers empty for no instant and null for an empty field', () => {
    expect(toJstInput(null)).toBe('');
    expect(fromJstInput('')).toBeNull();
  });
});
