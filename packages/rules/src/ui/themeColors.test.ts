import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { type ColorScale, THEME_COLORS, THEME_TEXT_COLORS } from './themeColors';

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;

describe('THEME_COLORS', () => {
  test('primary is green, secondary blue, neutral slate', () => {
    expect(THEME_COLORS.primary[500]).toBe('#22c55e');
    expect(THEME_COLORS.secondary[500]).toBe('#3b82f6');
    expect(THEME_COLORS.neutral[500]).toBe('#64748b');
  });

  test('every shade is a #rrggbb hex colour', () => {
    for (const scale of Object.values(THEME_COLORS)) {
      for (const shade of SHADES) expect(scale[shade]).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  test('the text colours reach WCAG AA (4.5:1) on white, and white text on them does too', () => {
    for (const color of Object.values(THEME_TEXT_COLORS)) {
      expect(contrast(color, WHITE)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(THEME_TEXT_COLORS.primary, WHITE)).toBeCloseTo(5.02, 1);
  });

  test('primary 500 and 600 are not text colours: they fall short of 4.5:1', () => {
    expect(contrast(THEME_COLORS.primary[500], WHITE)).toBeLessThan(4.5);
    expect(contrast(THEME_COLORS.primary[600], WHITE)).toBeLessThan(4.5);
  });
});

describe('properties', () => {
  const shadeIndexArb = fc.integer({ min: 0, max: SHADES.length - 2 });
  test.prop([shadeIndexArb])(
    'darkens along the scale: each shade is darker than the one before',
    (i) => {
      for (const scale of Object.values(THEME_COLORS) as ColorScale[]) {
        const [a, b] = [SHADES[i], SHADES[i + 1]] as [
          (typeof SHADES)[number],
          (typeof SHADES)[number],
        ];
        expect(luminance(scale[b])).toBeLessThan(luminance(scale[a]));
      }
    },
  );

  test.prop([fc.integer({ min: SHADES.indexOf(700), max: SHADES.length - 1 })])(
    'reads on white: every shade from 700 up is AA text on white',
    (i) => {
      for (const scale of Object.values(THEME_COLORS) as ColorScale[]) {
        expect(contrast(scale[SHADES[i] as (typeof SHADES)[number]], WHITE)).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    },
  );
});
