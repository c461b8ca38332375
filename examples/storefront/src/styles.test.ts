// @vitest-environment node
import { readFileSync } from 'node:fs';
import { BREAKPOINTS, THEME_COLORS } from '@shop/rules';
import { describe, expect, it } from 'vitest';

// CSS cannot import the breakpoints, so this keeps the stylesheet's media queries on the rules'.
describe('styles.css', () => {
  const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
  const widths = [...css.matchAll(/@media \(min-width: (\d+)px\)/g)].map((m) => Number(m[1]));

  it('uses only the breakpoints of @shop/rules', () => {
    const allowed = new Set<number>(Object.values(BREAKPOINTS));
    expect(widths.length).toBeGreaterThan(0);
    for (const width of widths) expect(allowed.has(width)).toBe(true);
  });

  it('uses only theme colour shades that THEME_COLORS defines', () => {
    const used = [...css.matchAll(/var\(--(primary|secondary|neutral)-(\d+)\)/g)];
    expect(used.length).toBeGreaterThan(0);
    for (const [, name, shade] of used) {
      const scale = THEME_COLORS[name as keyof typeof THEME_COLORS] as Record<string, string>;
      expect(scale[shade as string], `--${name}-${shade}`).toMatch(/^#[0-9a-f]{6}$/);
    }
  });
});
