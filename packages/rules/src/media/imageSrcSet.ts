import { IMAGE_DENSITIES } from './breakpoints';
import { type ImageOptions, imageUrl } from './imageUrl';

/**
 * A `srcset` for an image shown `width` CSS pixels wide: one candidate per density (1x, 2x),
 * each `imageUrl` at `width × density`, snapped. Both candidates are listed even when they snap to
 * the same width (above 768 px), so the markup is the same for every image.
 *
 * @example
 * imageSrcSet('/covers/a_240.jpg', { width: 240 });
 * // '/_image?url=%2Fcovers%2Fa_240.jpg&w=320&q=100&f=webp 1x, /_image?url=%2Fcovers%2Fa_240.jpg&w=640&q=100&f=webp 2x'
 */
export function imageSrcSet(src: string, options: ImageOptions): string {
  return IMAGE_DENSITIES.map(
    (density) => `${imageUrl(src, { ...options, width: options.width * density })} ${density}x`,
  ).join(', ');
}
