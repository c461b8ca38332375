import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { ICON_FETCH_TIMEOUT_MS } from './iconFetchTimeout';

describe('ICON_FETCH_TIMEOUT_MS', () => {
  test('is 1500 ms', () => {
    expect(ICON_FETCH_TIMEOUT_MS).toBe(1500);
  });
});

describe('properties', () => {
  test.prop([fc.constant(ICON_FETCH_TIMEOUT_MS)])(
    'is a usable abort timeout: a whole number of ms that AbortSignal.timeout accepts',
    (ms) => {
      expect(Number.isInteger(ms) && ms > 0).toBe(true);
      expect(AbortSignal.timeout(ms).aborted).toBe(false);
    },
  );
});
