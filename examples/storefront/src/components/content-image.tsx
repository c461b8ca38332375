import { imageSrcSet, imageUrl } from '@shop/rules';

/** A banner or gallery photo through /_image, 12:5 wide, with explicit width and height. */
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
      src={imageUrl(src, { width })}
      srcSet={imageSrcSet(src, { width })}
      width={width}
      height={Math.round((width * 5) / 12)}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
