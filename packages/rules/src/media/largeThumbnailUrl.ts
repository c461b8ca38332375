/**
 * The widths of the catalog's cover thumbnails: the 240-wide list image and the 600-wide image
 * for large views (docs/spec.md §7).
 *
 * @example
 * THUMBNAIL_WIDTHS; // { small: 240, large: 600 }
 */
export const THUMBNAIL_WIDTHS = { small: 240, large: 600 } as const;

const SMALL_SUFFIX = /_240(\.[A-Za-z0-9]+)?$/;

/**
 * Turns a 240-wide thumbnail URL into its 600-wide one. The shape (which the API uses for every
 * cover URL) is a file name ending `_240` before the extension: `/covers/kimetsu-23_240.jpg` →
 * `/covers/kimetsu-23_600.jpg`. Works on root-relative paths and absolute URLs and keeps a query
 * or fragment. Any other URL is returned unchanged, so a cover never breaks: it may just be
 * shown at its own size.
 *
 * @example
 * largeThumbnailUrl('/covers/kimetsu-23_240.jpg'); // '/covers/kimetsu-23_600.jpg'
 * largeThumbnailUrl('https://img.example.jp/c/a1_240.webp?v=3'); // 'https://img.example.jp/c/a1_600.webp?v=3'
 * largeThumbnailUrl('/covers/kimetsu-23_600.jpg'); // unchanged
 */
export function largeThumbnailUrl(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const rest = end === -1 ? '' : url.slice(end);
  return `${path.replace(SMALL_SUFFIX, `_${THUMBNAIL_WIDTHS.large}$1`)}${rest}`;
}
