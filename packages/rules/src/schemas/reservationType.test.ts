import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { reservationTypeSchema } from './reservationType';

describe('reservationTypeSchema', () => {
  test('accepts UNRELEASED, BACKORDER, any other string ("anything else gives empty") and null', () => {
    for (const value of ['UNRELEASED', 'BACKORDER', 'NORMAL', '', null]) {
      expect(reservationTypeSchema.parse(value)).toBe(value);
    }
  });
  test('rejects non-strings', () => {
    expect(reservationTypeSchema.safeParse(1).success).toBe(false);
    expect(reservationTypeSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('properties', () => {
  test.prop([fc.string()])('is the identity on strings', (value) => {
    expect(reservationTypeSchema.parse(value)).toBe(value);
  });
});
