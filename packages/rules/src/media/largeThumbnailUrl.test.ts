import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { expectIdempotent } from '../../test/laws';
import { largeThumbnailUrl, THUMBNAIL_WIDTHS } from './largeThumbnailUrl';

describe('largeThumbnailUrl', () => {
  test('swaps _240 for _600 before the extension', () => {
    expect(largeThumbnailUrl('/covers/kimetsu-23_240.jpg')).toBe('/covers/kimetsu-23_600.jpg');
    expect(largeThumbnailUrl('/covers/a1_240')).toBe('/covers/a1_600');
  });

  test('keeps the host, query and fragment of an absolute URL', () => {
    expect(largeThumbnailUrl('https://img.example.jp/c/a1_240.webp?v=3#x')).toBe(
      'https://img.example.jp/c/a1_600.webp?v=3#x',
    );
  });

  test.each([
    '/covers/kimetsu-23_600.jpg',
    '/covers/kimetsu-23.jpg',
    '/covers_240/a.jpg',
    '/covers/a_2400.jpg',
    '/covers/a.jpg?w=240',
    '',
  ])('leaves %j unchanged', (url) => {
    expect(largeThumbnailUrl(url)).toBe(url);
  });

  test('the thumbnail widths are 240 and 600', () => {
    expect(THUMBNAIL_WIDTHS).toEqual({ small: 240, large: 600 });
  });
});

describe('properties', () => {
  const stemArb = fc.stringMatching(/^\/[a-z0-9/-]{1,20}$/);
  const extArb = fc.constantFrom('', '.jpg', '.webp', '.png');
  const queryArb = fc.constantFrom('', '?v=1', '?w=240&v=2', '#top');

  test.prop([stemArb, extArb, queryArb])(
    'swaps the size: a _240 thumbnail becomes the same URL with _600',
    (stem, ext, query) => {
      expect(largeThumbnailUrl(`${stem}_240${ext}${query}`)).toBe(`${stem}_600${ext}${query}`);
    },
  );

  test.prop([fc.string()])('is idempotent: a large URL stays large', (url) => {
    expectIdempotent(largeThumbnailUrl, url);
  });
});
