import { isValidParamValue, patternSegments, type RouteParamSpecs } from './_lib/routePattern';
import { ROUTES, type RouteMatch } from './routes';

const ROUTE_LIST = Object.values(ROUTES);

/**
 * Finds the route of a storefront path, with its parameters, or null when no route matches or a
 * parameter is not one the route allows (`/ranking/foo`, `/mypage/favorite/xyz`).
 *
 * - A query (`?…`) or fragment (`#…`) is ignored, so a full path may be passed.
 * - One trailing slash is accepted (`/ranking/daily/`); the match's `path` is the canonical form
 *   without it. Empty segments (`//`) match nothing.
 * - Each segment is percent-decoded before it is compared; a malformed escape matches nothing.
 * - Matching is case-sensitive.
 *
 * @example
 * matchRoute('/ranking/daily')?.params; // { type: 'daily' }
 * matchRoute('/ranking/foo'); // null
 * matchRoute('/product/kimetsu-23/?ref=top')?.path; // '/product/kimetsu-23'
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const end = pathname.search(/[?#]/);
  let path = end === -1 ? pathname : pathname.slice(0, end);
  if (!path.startsWith('/') || path.includes('//')) return null;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const segments = decodeSegments(path);
  if (segments === null) return null;
  for (const route of ROUTE_LIST) {
    const params = matchSegments(route.pattern, route.params, segments);
    if (params !== null) {
      const build = route.path as (values: Readonly<Record<string, string>>) => string;
      return { route, params, path: build(params) } as RouteMatch;
    }
  }
  return null;
}

function decodeSegments(path: string): string[] | null {
  if (path === '/') return [];
  try {
    return path.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

function matchSegments(
  pattern: string,
  specs: RouteParamSpecs,
  segments: readonly string[],
): Record<string, string> | null {
  const expected = patternSegments(pattern);
  if (expected.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of expected.entries()) {
    const segment = segments[i] as string;
    if (part.startsWith(':')) {
      const name = part.slice(1);
      const spec = specs[name];
      if (spec === undefined || !isValidParamValue(spec, segment)) return null;
      params[name] = segment;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}
