import { THEME_COLORS } from '@shop/rules';

/**
 * The theme colours of @shop/rules as CSS custom properties (`--primary-700`, `--neutral-50`,
 * ...), written into the document head so styles.css never repeats a colour value.
 */
export function themeCss(): string {
  const properties = Object.entries(THEME_COLORS).flatMap(([name, scale]) =>
    Object.entries(scale).map(([shade, hex]) => `--${name}-${shade}:${hex}`),
  );
  return `:root{${properties.join(';')}}`;
}
