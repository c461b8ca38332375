import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { wantedWidthArb } from '../../test/arbitraries';
import { expectIdempotent } from '../../test/laws';
import { BREAKPOINTS, IMAGE_WIDTHS } from './breakpoints';
import { snapImageWidth } from './snapImageWidth';

describe('snapImageWidth', () => {
  test.each([
    [1, 320],
    [240, 320],
    [320, 320],
    [321, 640],
    [600, 640],
    [641, 768],
    [768, 768],
    [1000, 1024],
    [1280, 1280],
    [1281, 1536],
    [1536, 1536],
    [1537, 1536],
    [4000, 1536],
    [0, 320],
    [-50, 320],
    [320.5, 640],
  ])('snaps %d up to %d', (width, expected) => {
    expect(snapImageWidth(width)).toBe(expected);
  });

  test.each([Number.NaN, Number.POSITIVE_INFINITY])('throws a TypeError for %d', (width) => {
    expect(() => snapImageWidth(width)).toThrow(TypeError);
  });

  test('the image widths are the distinct breakpoints, ascending', () => {
    expect([...IMAGE_WIDTHS]).toEqual(
      [...new Set(Object.values(BREAKPOINTS))].sort((a, b) => a - b),
    );
  });
});

describe('properties', () => {
  test.prop([wantedWidthArb])('is always a breakpoint', (width) => {
    expect(Object.values(BREAKPOINTS)).toContain(snapImageWidth(width));
  });

  test.prop([wantedWidthArb])(
    'is idempotent: snapping a snapped width changes nothing',
    (width) => {
      expectIdempotent(snapImageWidth, width);
    },
  );

  test.prop([wantedWidthArb, wantedWidthArb])(
    'is monotonic: a wider request never gets a narrower image',
    (a, b) => {
      const [small, large] = a <= b ? [a, b] : [b, a];
      expect(snapImageWidth(small)).toBeLessThanOrEqual(snapImageWidth(large));
    },
  );

  test.prop([fc.double({ min: 0, max: 1536, noNaN: true })])(
    'covers the request: up to the largest breakpoint, the snapped width is at least the wanted one',
    (width) => {
      expect(snapImageWidth(width)).toBeGreaterThanOrEqual(width);
    },
  );
});
