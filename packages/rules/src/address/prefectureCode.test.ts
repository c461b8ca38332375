import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { prefectureCode } from './prefectureCode';
import { PREFECTURES } from './prefectures';

describe('prefectureCode', () => {
  test('gives the two-digit JIS X 0401 code', () => {
    expect(prefectureCode('北海道')).toBe('01');
    expect(prefectureCode('東京都')).toBe('13');
    expect(prefectureCode('大阪府')).toBe('27');
    expect(prefectureCode('沖縄県')).toBe('47');
  });
  test('gives undefined for anything else', () => {
    expect(prefectureCode('東京')).toBeUndefined();
    expect(prefectureCode('')).toBeUndefined();
  });
});

describe('properties', () => {
  test('round-trips: the code leads back to the prefecture', () => {
    for (const prefecture of PREFECTURES) {
      const code = prefectureCode(prefecture);
      expect(code).toMatch(/^(0[1-9]|[1-3]\d|4[0-7])$/);
      expect(PREFECTURES[Number(code) - 1]).toBe(prefecture);
    }
  });
});
