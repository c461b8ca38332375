/**
 * The avatar sizes in CSS pixels, 16 to 48 in steps of 4 (docs/spec.md §9: 16 to 48 px),
 * named like the UI kit's other size scales.
 *
 * @example
 * AVATAR_SIZES.md; // 32
 */
export const AVATAR_SIZES = {
  '3xs': 16,
  '2xs': 20,
  xs: 24,
  sm: 28,
  md: 32,
  lg: 36,
  xl: 40,
  '2xl': 44,
  '3xl': 48,
} as const;

/**
 * An avatar size name.
 *
 * @example
 * const size: AvatarSize = 'xl';
 * AVATAR_SIZES[size]; // 40
 */
export type AvatarSize = keyof typeof AVATAR_SIZES;

/**
 * The avatar size used when none is given: 32 px, the header's account button.
 *
 * @example
 * AVATAR_SIZES[DEFAULT_AVATAR_SIZE]; // 32
 */
export const DEFAULT_AVATAR_SIZE: AvatarSize = 'md';
