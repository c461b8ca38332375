import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { imageSourceArb, wantedWidthArb } from '../../test/arbitraries';
import { imageSrcSet } from './imageSrcSet';
import { imageUrl } from './imageUrl';
import { parseImageParams } from './parseImageParams';

describe('imageSrcSet', () => {
  test('lists the 1x and 2x candidates', () => {
    expect(imageSrcSet('/covers/a_240.jpg', { width: 240 })).toBe(
      '/_image?url=%2Fcovers%2Fa_240.jpg&w=320&q=100&f=webp 1x, /_image?url=%2Fcovers%2Fa_240.jpg&w=640&q=100&f=webp 2x',
    );
  });

  test('passes quality and format to both', () => {
    expect(imageSrcSet('/a.jpg', { width: 700, quality: 70, format: 'jpeg' })).toBe(
      '/_image?url=%2Fa.jpg&w=768&q=70&f=jpeg 1x, /_image?url=%2Fa.jpg&w=1536&q=70&f=jpeg 2x',
    );
  });

  test('keeps both candidates when they snap to the largest width', () => {
    expect(imageSrcSet('/a.jpg', { width: 1400 })).toBe(
      '/_image?url=%2Fa.jpg&w=1536&q=100&f=webp 1x, /_image?url=%2Fa.jpg&w=1536&q=100&f=webp 2x',
    );
  });
});

describe('properties', () => {
  test.prop([imageSourceArb, wantedWidthArb])(
    'doubles: the 2x candidate is never narrower than the 1x one, and the 1x is imageUrl itself',
    (src, width) => {
      const candidates = imageSrcSet(src, { width }).split(', ');
      expect(candidates).toHaveLength(2);
      const [one, two] = candidates.map((c) => c.split(' ')) as [string[], string[]];
      expect(one).toEqual([imageUrl(src, { width }), '1x']);
      expect(two[1]).toBe('2x');
      const widthOf = (u: string | undefined) => {
        const parsed = parseImageParams(new URL(u ?? '', 'https://shop.example').searchParams);
        return parsed.ok ? parsed.value.width : Number.NaN;
      };
      expect(widthOf(two[0])).toBeGreaterThanOrEqual(widthOf(one[0]));
    },
  );
});
