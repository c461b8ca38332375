import { DEFAULT_IMAGE_QUALITY, type ImageFormat, type ImageParams, imageUrl } from '@shop/rules';

// What /_image renders and caches is a variant: a width of IMAGE_WIDTHS (parseImageParams refuses
// any other), a format of IMAGE_FORMATS and one of a few qualities. Any quality 1-100 stays a
// valid request, but it is rendered at the step at or above it, so the qualities an attacker can
// vary through cannot multiply the renders and the files beyond these steps.

/** Rendered qualities are multiples of this: 10, 20, ... 100 (the storefront asks 80 and 100). */
export const QUALITY_STEP = 10;

/**
 * AVIF is never encoded above this quality: at 100 a 640-wide cover took 2.5 times the time and
 * 5 times the bytes of 90 (3.7 s, 52 KB against 1.5 s, 10 KB on this 2-core machine).
 */
export const AVIF_MAX_QUALITY = 90;

/** The quality a request is rendered at: the same bytes for every quality that maps to it. */
export function renderedQuality(format: ImageFormat, quality: number): number {
  const stepped = Math.min(100, Math.ceil(quality / QUALITY_STEP) * QUALITY_STEP);
  switch (format) {
    case 'webp':
    case 'jpeg':
      return stepped;
    case 'avif':
      return Math.min(stepped, AVIF_MAX_QUALITY);
    case 'png':
      // Lossless: quality changes nothing, so every PNG is the default's.
      return DEFAULT_IMAGE_QUALITY;
    default:
      return format satisfies never;
  }
}

/**
 * The one URL of what a request renders: @shop/rules imageUrl's spelling (parameter order,
 * encoding, defaults written out) with the rendered quality. The route redirects every other
 * spelling here, so browsers and CDN caches hold one copy of each variant, not one per spelling.
 */
export function canonicalImageUrl({ url, width, quality, format }: ImageParams): string {
  return imageUrl(url, { width, quality: renderedQuality(format, quality), format });
}
