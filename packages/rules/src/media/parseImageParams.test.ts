import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { parseImageParams } from './parseImageParams';

const parse = (query: string) => parseImageParams(new URLSearchParams(query));

describe('parseImageParams', () => {
  test('reads a full request', () => {
    expect(parse('url=%2Fcovers%2Fa_240.jpg&w=320&q=80&f=avif')).toEqual({
      ok: true,
      value: { url: '/covers/a_240.jpg', width: 320, quality: 80, format: 'avif' },
    });
  });

  test('defaults quality to 100 and format to webp', () => {
    expect(parse('url=%2Fa.jpg&w=1536')).toEqual({
      ok: true,
      value: { url: '/a.jpg', width: 1536, quality: 100, format: 'webp' },
    });
  });

  test.each([
    ['', 'missing-url'],
    ['url=&w=320', 'missing-url'],
    ['url=%2F%2Fevil.example%2Fa.jpg&w=320', 'invalid-url'],
    ['url=file%3A%2F%2F%2Fetc%2Fpasswd&w=320', 'invalid-url'],
    ['url=%2Fa.jpg&url=%2Fb.jpg&w=320', 'invalid-url'],
    ['url=%2Fa%00.jpg&w=320', 'invalid-url'],
    ['url=%2Fa%5C..%5Cb.jpg&w=320', 'invalid-url'],
    ['url=%2Fa.jpg', 'invalid-width'],
    ['url=%2Fa.jpg&w=300', 'invalid-width'],
    ['url=%2Fa.jpg&w=0320', 'invalid-width'],
    ['url=%2Fa.jpg&w=320.0', 'invalid-width'],
    ['url=%2Fa.jpg&w=320&w=640', 'invalid-width'],
    ['url=%2Fa.jpg&w=320&q=0', 'invalid-quality'],
    ['url=%2Fa.jpg&w=320&q=101', 'invalid-quality'],
    ['url=%2Fa.jpg&w=320&q=', 'invalid-quality'],
    ['url=%2Fa.jpg&w=320&q=8e1', 'invalid-quality'],
    ['url=%2Fa.jpg&w=320&q=80&q=90', 'invalid-quality'],
    ['url=%2Fa.jpg&w=320&f=gif', 'invalid-format'],
    ['url=%2Fa.jpg&w=320&f=WEBP', 'invalid-format'],
    ['url=%2Fa.jpg&w=320&f=', 'invalid-format'],
  ])('refuses %j with %s and a Japanese message', (query, reason) => {
    const result = parse(query);
    expect(result).toMatchObject({ ok: false, reason });
    expect(!result.ok && result.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('properties', () => {
  test.prop([fc.dictionary(fc.constantFrom('url', 'w', 'q', 'f', 'x'), fc.string())])(
    'never throws: any query gives a typed result',
    (entries) => {
      const result = parseImageParams(new URLSearchParams(entries));
      expect(typeof result.ok).toBe('boolean');
    },
  );

  test.prop([fc.string(), fc.integer({ min: -10, max: 5000 })])(
    'serves only breakpoint widths: an accepted width is one of the six',
    (url, w) => {
      const result = parseImageParams(new URLSearchParams({ url: `/${url}`, w: String(w) }));
      if (result.ok) expect([320, 640, 768, 1024, 1280, 1536]).toContain(result.value.width);
    },
  );
});
