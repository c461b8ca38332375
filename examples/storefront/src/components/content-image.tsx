import { imageSrcSet, imageUrl } from '@shop/rules';
import { IMAGE_QUALITY } from './image-quality';

/**
 * A banner or gallery photo through /_image, 12:5 wide, with explicit width and height. A
 * `priority` photo is the page's largest image (its LCP): loaded at once and fetched first.
 */
export function ContentImage({
  src,
  alt,
  width,
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  priority?: boolean;
}) {
  return (
    <img
      src={imageUrl(src, { width, quality: IMAGE_QUALITY })}
      srcSet={imageSrcSet(src, { width, quality: IMAGE_QUALITY })}
      width={width}
      height={Math.round((width * 5) / 12)}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
