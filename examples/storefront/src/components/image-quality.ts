/**
 * The quality the storefront asks /_image for covers, banners and photos. @shop/rules imageUrl
 * defaults to the spec's 100, but a quality-100 webp cover is about three times the bytes of a
 * quality-80 one (a 768-wide banner: 25 KB against 8 KB) with no difference a shopper sees at
 * these sizes, and those bytes are what the largest image of a page waits for on a mobile link.
 */
export const IMAGE_QUALITY = 80;
