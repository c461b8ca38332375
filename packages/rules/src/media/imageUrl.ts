import { assert } from '../_lib/assert';
import { isImageSource } from './_lib/imageSource';
import {
  DEFAULT_IMAGE_FORMAT,
  DEFAULT_IMAGE_QUALITY,
  IMAGE_ENDPOINT,
  IMAGE_FORMATS,
  type ImageFormat,
} from './imageOptions';
import { snapImageWidth } from './snapImageWidth';

/**
 * How an image is asked for: the wanted CSS width, quality 1-100 and format.
 *
 * @example
 * const options: ImageOptions = { width: 300, quality: 80 };
 * imageUrl('/covers/a.jpg', options); // '/_image?url=%2Fcovers%2Fa.jpg&w=320&q=80&f=webp'
 */
export interface ImageOptions {
  readonly width: number;
  readonly quality?: number;
  readonly format?: ImageFormat;
}

/**
 * Thrown for an image source that is neither a root-relative path nor an http(s) URL.
 *
 * @example
 * expect(() => imageUrl('javascript:alert(1)', { width: 320 })).toThrow(INVALID_IMAGE_SOURCE_MESSAGE);
 */
export const INVALID_IMAGE_SOURCE_MESSAGE =
  'Expected an image source: a root-relative path or an absolute http(s) URL.';
/**
 * Thrown for a quality outside the integers 1-100.
 *
 * @example
 * expect(() => imageUrl('/covers/a.jpg', { width: 320, quality: 0 })).toThrow(
 *   INVALID_IMAGE_QUALITY_MESSAGE,
 * );
 */
export const INVALID_IMAGE_QUALITY_MESSAGE = 'Expected an image quality: an integer from 1 to 100.';
/**
 * Thrown for a format the image endpoint does not encode.
 *
 * @example
 * // A format from untyped input, e.g. a CMS field:
 * expect(() => imageUrl('/covers/a.jpg', { width: 320, format: 'gif' as ImageFormat })).toThrow(
 *   INVALID_IMAGE_FORMAT_MESSAGE,
 * );
 */
export const INVALID_IMAGE_FORMAT_MESSAGE = 'Expected an image format: webp, avif, jpeg or png.';

/**
 * The URL of an image through the app's image endpoint: `/_image?url=…&w=…&q=…&f=…`, with the
 * source URL-encoded, the width snapped to the breakpoint set (snapImageWidth), quality 100 and
 * format webp by default. `parseImageParams` reads it back. Throws a TypeError for an invalid
 * source, quality or format (programmer errors).
 *
 * @example
 * imageUrl('/covers/kimetsu-23_600.jpg', { width: 300 });
 * // '/_image?url=%2Fcovers%2Fkimetsu-23_600.jpg&w=320&q=100&f=webp'
 */
export function imageUrl(src: string, options: ImageOptions): string {
  const { width, quality = DEFAULT_IMAGE_QUALITY, format = DEFAULT_IMAGE_FORMAT } = options;
  assert(isImageSource(src), INVALID_IMAGE_SOURCE_MESSAGE);
  assert(
    Number.isInteger(quality) && quality >= 1 && quality <= 100,
    INVALID_IMAGE_QUALITY_MESSAGE,
  );
  assert(IMAGE_FORMATS.includes(format), INVALID_IMAGE_FORMAT_MESSAGE);
  const w = snapImageWidth(width);
  return `${IMAGE_ENDPOINT}?url=${encodeURIComponent(src)}&w=${w}&q=${quality}&f=${format}`;
}
