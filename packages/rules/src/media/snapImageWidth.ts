import { assert } from '../_lib/assert';
import { IMAGE_WIDTHS, type ImageWidth } from './breakpoints';

const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] as ImageWidth;

/**
 * Thrown when a width is not a finite number.
 *
 * @example
 * expect(() => snapImageWidth(Number.NaN)).toThrow(INVALID_IMAGE_WIDTH_MESSAGE);
 */
export const INVALID_IMAGE_WIDTH_MESSAGE = 'Expected a finite image width in CSS pixels.';

/**
 * Snaps a wanted image width up to the smallest breakpoint width that covers it (docs/spec.md
 * section 7: widths snap to the breakpoint set), so the image endpoint only ever renders six
 * widths and caches well. Wider than the largest (1536) gives the largest: a bigger file would
 * cost more than it shows. Zero or negative gives the smallest. Throws a TypeError for NaN or
 * an infinite width (a programmer error).
 *
 * @example
 * snapImageWidth(240); // 320
 * snapImageWidth(641); // 768
 * snapImageWidth(4000); // 1536
 */
export function snapImageWidth(width: number): ImageWidth {
  assert(Number.isFinite(width), INVALID_IMAGE_WIDTH_MESSAGE);
  return IMAGE_WIDTHS.find((w) => w >= width) ?? LARGEST;
}
