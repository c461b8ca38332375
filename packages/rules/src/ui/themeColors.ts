/**
 * A colour scale from 50 (lightest) to 950 (darkest), as hex.
 *
 * @example
 * const green: ColorScale = THEME_COLORS.primary;
 * green[50]; // '#f0fdf4'
 */
export interface ColorScale {
  readonly 50: string;
  readonly 100: string;
  readonly 200: string;
  readonly 300: string;
  readonly 400: string;
  readonly 500: string;
  readonly 600: string;
  readonly 700: string;
  readonly 800: string;
  readonly 900: string;
  readonly 950: string;
}

/**
 * The default theme (docs/spec.md §9): primary green, secondary blue, neutral slate, as
 * 50-950 scales (the Tailwind CSS palettes of those names, which the UI kit uses). For text on
 * white and for white text on a fill, use THEME_TEXT_COLORS: those shades reach WCAG AA
 * (4.5:1); green 500-600 and blue 500 do not, so they are for fills with dark text, borders and
 * icons only.
 *
 * @example
 * THEME_COLORS.primary[700]; // '#15803d'
 */
export const THEME_COLORS = {
  primary: {
    50: '#f0fdf4',
    100: '#dcfce7',
    200: '#bbf7d0',
    300: '#86efac',
    400: '#4ade80',
    500: '#22c55e',
    600: '#16a34a',
    700: '#15803d',
    800: '#166534',
    900: '#14532d',
    950: '#052e16',
  },
  secondary: {
    50: '#eff6ff',
    100: '#dbeafe',
    200: '#bfdbfe',
    300: '#93c5fd',
    400: '#60a5fa',
    500: '#3b82f6',
    600: '#2563eb',
    700: '#1d4ed8',
    800: '#1e40af',
    900: '#1e3a8a',
    950: '#172554',
  },
  neutral: {
    50: '#f8fafc',
    100: '#f1f5f9',
    200: '#e2e8f0',
    300: '#cbd5e1',
    400: '#94a3b8',
    500: '#64748b',
    600: '#475569',
    700: '#334155',
    800: '#1e293b',
    900: '#0f172a',
    950: '#020617',
  },
} as const satisfies Record<'primary' | 'secondary' | 'neutral', ColorScale>;

/**
 * The shade of each theme colour for text on white, links and buttons with white text, each at
 * least 4.5:1 against white (WCAG AA for normal text): primary green 700 (5.0:1), secondary blue
 * 600 (5.2:1), neutral slate 600 (7.6:1) for secondary text and slate 900 for body text (17.9:1).
 *
 * @example
 * THEME_TEXT_COLORS.primary; // '#15803d'
 */
export const THEME_TEXT_COLORS = {
  primary: THEME_COLORS.primary[700],
  secondary: THEME_COLORS.secondary[600],
  neutral: THEME_COLORS.neutral[600],
  body: THEME_COLORS.neutral[900],
} as const;
