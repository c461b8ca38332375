/**
 * The layout breakpoints in CSS pixels (docs/spec.md §9); `xxl` and `2xl` are the same width.
 *
 * @example
 * BREAKPOINTS.md; // 768
 */
export const BREAKPOINTS = {
  xs: 320,
  sm: 640,
  md: 768,
  lg: 1024,
  xl: 1280,
  xxl: 1536,
  '2xl': 1536,
} as const;

/**
 * A breakpoint name: `'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl' | '2xl'`.
 *
 * @example
 * const breakpoint: Breakpoint = 'lg';
 * BREAKPOINTS[breakpoint]; // 1024
 */
export type Breakpoint = keyof typeof BREAKPOINTS;

/**
 * The widths the image endpoint serves: the distinct breakpoint widths, ascending.
 *
 * @example
 * IMAGE_WIDTHS; // [320, 640, 768, 1024, 1280, 1536]
 */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;

/**
 * A width the image endpoint serves.
 *
 * @example
 * const width: ImageWidth = snapImageWidth(700); // 768
 */
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * The pixel densities a `srcset` offers (docs/spec.md §9).
 *
 * @example
 * IMAGE_DENSITIES; // [1, 2]
 */
export const IMAGE_DENSITIES = [1, 2] as const;
