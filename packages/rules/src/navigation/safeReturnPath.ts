import { matchRoute } from './matchRoute';

/**
 * A stand-in origin to resolve a target against: the target stays on the shop exactly when the
 * URL parser keeps this origin. `.invalid` can never be a real host.
 */
const SHOP_ORIGIN = 'https://return-target.invalid';

/**
 * Where a "go back" link or a redirect may take the shopper, from a target the URL or a form
 * supplied (`?return=`, a redirect after login, `next=`): the target when it is a path of this
 * shop that matches a route of `ROUTES`, rebuilt from the match as the route's canonical path
 * with its query re-encoded (the fragment is dropped); otherwise `fallback`, the caller's own
 * path. The target is read as a browser reads an `href` (the URL parser removes tabs and
 * newlines and reads `\` as `/`, so `/\t/evil.example/` is `//evil.example/`, another host), and
 * only a target that starts with `/` and stays on the shop's origin is looked up at all.
 *
 * @example
 * safeReturnPath('/checkout', '/mypage'); // '/checkout'
 * safeReturnPath('/search?q=限定版', '/mypage'); // '/search?q=%E9%99%90%E5%AE%9A%E7%89%88'
 * safeReturnPath('/ranking/daily/', '/mypage'); // '/ranking/daily'
 * safeReturnPath('/\t/evil.example/', '/mypage'); // '/mypage'
 * safeReturnPath('https://evil.example/', '/mypage'); // '/mypage'
 * safeReturnPath('/nowhere', '/mypage'); // '/mypage'
 * safeReturnPath(null, '/mypage'); // '/mypage'
 */
export function safeReturnPath(target: string | null | undefined, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(target, SHOP_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== SHOP_ORIGIN) return fallback;
  const match = matchRoute(url.pathname);
  if (match === null) return fallback;
  const query = url.searchParams.toString();
  return query === '' ? match.path : `${match.path}?${query}`;
}
