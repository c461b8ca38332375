import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { isPrefecture } from './isPrefecture';
import { PREFECTURES } from './prefectures';

describe('isPrefecture', () => {
  test('accepts the full names only', () => {
    expect(isPrefecture('東京都')).toBe(true);
    expect(isPrefecture('北海道')).toBe(true);
    expect(isPrefecture('東京')).toBe(false);
    expect(isPrefecture('大阪')).toBe(false);
    expect(isPrefecture(' 東京都')).toBe(false);
  });
  test('refuses what is not a string', () => {
    expect(isPrefecture(13)).toBe(false);
    expect(isPrefecture(null)).toBe(false);
    expect(isPrefecture(['東京都'])).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.anything()])('agrees with the list: true exactly for the 47 names', (value) => {
    expect(isPrefecture(value)).toBe(
      typeof value === 'string' && (PREFECTURES as readonly string[]).includes(value),
    );
  });
  test('accepts every listed prefecture', () => {
    for (const p of PREFECTURES) {
      expect(isPrefecture(p)).toBe(true);
    }
  });
});
