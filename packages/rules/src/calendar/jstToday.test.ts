import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { instantArb, jstOracle } from '../../test/arbitraries';
import { jstToday } from './jstToday';

describe('jstToday', () => {
  test('turns at 00:00 JST (15:00 UTC the day before)', () => {
    expect(jstToday(new Date('2026-11-30T14:59:59.999Z'))).toBe('2026-11-30');
    expect(jstToday(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
  });
});

describe('properties', () => {
  test.prop([instantArb])('is host-TZ independent: equals the UTC+9 oracle', (now) => {
    expect(jstToday(now)).toBe(jstOracle(now).date);
  });
});
