import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { invalidSlugArb, slugArb } from '../../test/arbitraries';
import { isValidSlug } from './slug';

describe('isValidSlug', () => {
  test.each(['040031234567', 'kimetsu-23-limited', 'A', 'a_b', 'x'.repeat(128)])(
    'accepts %s',
    (slug) => {
      expect(isValidSlug(slug)).toBe(true);
    },
  );
  test.each(['', '鬼滅の刃', '-a', '_a', 'a b', 'a/b', '..', 'a.b', 'x'.repeat(129), 'a%20b'])(
    'rejects %j',
    (slug) => {
      expect(isValidSlug(slug)).toBe(false);
    },
  );
});

describe('properties', () => {
  test.prop([slugArb])('accepts every slug of the documented shape', (slug) => {
    expect(isValidSlug(slug)).toBe(true);
  });
  test.prop([invalidSlugArb])('rejects every string outside it', (value) => {
    expect(isValidSlug(value)).toBe(false);
  });
  test.prop([slugArb])('is URL-safe: a slug is its own percent-encoding', (slug) => {
    expect(encodeURIComponent(slug)).toBe(slug);
  });
});
