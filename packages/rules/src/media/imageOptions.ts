/**
 * The output formats the image endpoint encodes to; webp is the default (docs/spec.md §9).
 *
 * @example
 * IMAGE_FORMATS; // ['webp', 'avif', 'jpeg', 'png']
 */
export const IMAGE_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;

/**
 * An output format of the image endpoint.
 *
 * @example
 * const format: ImageFormat = 'avif';
 * imageUrl('/covers/a.jpg', { width: 320, format }); // '/_image?url=%2Fcovers%2Fa.jpg&w=320&q=100&f=avif'
 */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/**
 * The format an image is encoded to when none is asked for.
 *
 * @example
 * DEFAULT_IMAGE_FORMAT; // 'webp'
 */
export const DEFAULT_IMAGE_FORMAT: ImageFormat = 'webp';

/**
 * The quality (1-100) an image is encoded at when none is asked for (docs/spec.md §9: 100).
 *
 * @example
 * DEFAULT_IMAGE_QUALITY; // 100
 */
export const DEFAULT_IMAGE_QUALITY = 100;

/**
 * The path of the app's own image endpoint.
 *
 * @example
 * IMAGE_ENDPOINT; // '/_image'
 */
export const IMAGE_ENDPOINT = '/_image';
