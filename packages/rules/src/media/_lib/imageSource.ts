/** The longest image source URL the endpoint accepts. */
export const MAX_IMAGE_SOURCE_LENGTH = 2048;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Whether `src` may be an image source: a root-relative path (`/covers/a_240.jpg`, not
 * protocol-relative `//host`) or an absolute http(s) URL, without control characters,
 * backslashes or whitespace, at most 2048 characters. Which hosts are served is the API's
 * allow-list, not this shape check.
 */
export function isImageSource(src: string): boolean {
  if (src.length === 0 || src.length > MAX_IMAGE_SOURCE_LENGTH) return false;
  if (/[\s\\]/.test(src) || hasControlCharacter(src)) return false;
  if (src.startsWith('/')) return !src.startsWith('//');
  if (!/^https?:\/\//i.test(src)) return false;
  try {
    return new URL(src).hostname !== '';
  } catch {
    return false;
  }
}
