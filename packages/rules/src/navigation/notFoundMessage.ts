/**
 * The 404 message of docs/spec.md §8, for a path that matches no route or fails its route's
 * validation: Japanese prose for the shopper, naming the path as requested (query included) so
 * they can see what they typed or followed.
 *
 * @example
 * notFoundMessage('/ranking/foo?x=1'); // 'お探しのページ「/ranking/foo?x=1」は見つかりませんでした。'
 */
export function notFoundMessage(fullPath: string): string {
  return `お探しのページ「${fullPath}」は見つかりませんでした。`;
}
