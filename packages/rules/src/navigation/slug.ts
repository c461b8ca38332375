/**
 * The shape of a slug in a storefront path (`/product/{slug}`, `/news/{slug}`, `/gallery/{slug}`,
 * `/showcase/{slug}`): 1 to 128 ASCII letters, digits, `_` or `-`, starting with a letter or
 * digit. Case-sensitive.
 *
 * @example
 * SLUG_PATTERN.test('kimetsu-23-limited'); // true
 * SLUG_PATTERN.test('../etc'); // false
 */
export const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/**
 * Whether a value is a valid path slug (SLUG_PATTERN). The API validates its own path parameters
 * with it too, so a link the storefront builds is always one the API accepts.
 *
 * @example
 * isValidSlug('040031234567'); // true
 * isValidSlug('鬼滅の刃'); // false
 */
export function isValidSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}
