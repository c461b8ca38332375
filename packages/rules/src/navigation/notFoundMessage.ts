/**
 * The 404 message of docs/spec.md §8, for a path that matches no route or fails its route's
 * validation. `fullPath` is the path as requested, query included.
 *
 * @example
 * notFoundMessage('/ranking/foo?x=1'); // 'Page Not Found: /ranking/foo?x=1'
 */
export function notFoundMessage(fullPath: string): string {
  return `Page Not Found: ${fullPath}`;
}
