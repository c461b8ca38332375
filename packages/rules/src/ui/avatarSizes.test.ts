import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { AVATAR_SIZES, type AvatarSize, DEFAULT_AVATAR_SIZE } from './avatarSizes';

describe('AVATAR_SIZES', () => {
  test('run from 16 to 48 px in steps of 4, smallest first', () => {
    expect(Object.values(AVATAR_SIZES)).toEqual([16, 20, 24, 28, 32, 36, 40, 44, 48]);
  });
  test('default to md, 32 px', () => {
    expect(AVATAR_SIZES[DEFAULT_AVATAR_SIZE]).toBe(32);
  });
});

describe('properties', () => {
  const names = Object.keys(AVATAR_SIZES) as AvatarSize[];
  test('is ordered: a later size name is never smaller', () => {
    for (const a of names) {
      for (const b of names) {
        const [i, j] = [names.indexOf(a), names.indexOf(b)];
        if (i <= j) expect(AVATAR_SIZES[a]).toBeLessThanOrEqual(AVATAR_SIZES[b]);
        else expect(AVATAR_SIZES[a]).toBeGreaterThan(AVATAR_SIZES[b]);
      }
    }
  });
});
