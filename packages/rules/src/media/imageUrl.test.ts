import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { imageQualityArb, imageSourceArb, wantedWidthArb } from '../../test/arbitraries';
import { IMAGE_FORMATS, type ImageFormat } from './imageOptions';
import { imageUrl } from './imageUrl';
import { parseImageParams } from './parseImageParams';
import { snapImageWidth } from './snapImageWidth';

describe('imageUrl', () => {
  test('builds the endpoint URL with width snapped, quality 100 and webp by default', () => {
    expect(imageUrl('/covers/kimetsu-23_600.jpg', { width: 300 })).toBe(
      '/_image?url=%2Fcovers%2Fkimetsu-23_600.jpg&w=320&q=100&f=webp',
    );
  });

  test('URL-encodes an absolute source with its own query', () => {
    expect(
      imageUrl('https://img.example.jp/c/a1_240.jpg?v=3&x=1', {
        width: 1000,
        quality: 80,
        format: 'avif',
      }),
    ).toBe(
      '/_image?url=https%3A%2F%2Fimg.example.jp%2Fc%2Fa1_240.jpg%3Fv%3D3%26x%3D1&w=1024&q=80&f=avif',
    );
  });

  test.each([0, 101, 50.5, Number.NaN])('throws a TypeError for quality %d', (quality) => {
    expect(() => imageUrl('/a.jpg', { width: 320, quality })).toThrow(TypeError);
  });

  test.each([
    '',
    '//evil.example/a.jpg',
    'javascript:alert(1)',
    'a.jpg',
    'ftp://x/a.jpg',
    '/a b.jpg',
  ])('throws a TypeError for the source %j', (src) => {
    expect(() => imageUrl(src, { width: 320 })).toThrow(TypeError);
  });

  test('throws a TypeError for an unknown format', () => {
    expect(() => imageUrl('/a.jpg', { width: 320, format: 'gif' as ImageFormat })).toThrow(
      TypeError,
    );
  });
});

describe('properties', () => {
  test.prop([
    imageSourceArb,
    wantedWidthArb,
    fc.option(imageQualityArb, { nil: undefined }),
    fc.option(fc.constantFrom(...IMAGE_FORMATS), { nil: undefined }),
  ])(
    'round-trips: parseImageParams reads back the source, snapped width, quality and format',
    (src, width, quality, format) => {
      const url = new URL(imageUrl(src, { width, quality, format }), 'https://shop.example');
      expect(url.pathname).toBe('/_image');
      expect(parseImageParams(url.searchParams)).toEqual({
        ok: true,
        value: {
          url: src,
          width: snapImageWidth(width),
          quality: quality ?? 100,
          format: format ?? 'webp',
        },
      });
    },
  );
});
