import { imageSrcSet, imageUrl, largeThumbnailUrl } from '@shop/rules';
import { IMAGE_QUALITY } from './image-quality';

export interface CoverImageProps {
  src: string;
  alt: string;
  /** CSS width the cover is shown at; height follows the 5:7 book-cover ratio. */
  width: number;
  /** Large views (the product page) use the 600-wide source instead of the 240-wide list one. */
  large?: boolean;
  /** Above the fold: load now instead of when scrolled near. */
  eager?: boolean;
  /** The page's largest image (its LCP): load now and first. */
  priority?: boolean;
}

/** A book cover through the /_image endpoint, with explicit width and height (no layout shift). */
export function CoverImage({
  src,
  alt,
  width,
  large = false,
  eager = false,
  priority = false,
}: CoverImageProps) {
  const source = large ? largeThumbnailUrl(src) : src;
  const height = Math.round((width * 7) / 5);
  return (
    <img
      src={imageUrl(source, { width, quality: IMAGE_QUALITY })}
      srcSet={imageSrcSet(source, { width, quality: IMAGE_QUALITY })}
      width={width}
      height={height}
      alt={alt}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
