import { type AddressSources, checkIpAddress, type IpFilterConfig } from './checkIpAddress';
import { matchRoute } from './matchRoute';
import { notFoundMessage } from './notFoundMessage';
import type { RouteMatch } from './routes';

/**
 * A server-rule redirect: a request for `from` (a canonical path) goes to `to`.
 *
 * @example
 * const rule: RedirectRule = { from: '/renewal', to: '/home/temporary/renewal', status: 302 };
 * guardNavigation({ fullPath: '/renewal', devRoutes: false, redirects: [rule] });
 * // { action: 'redirect', status: 302, location: '/home/temporary/renewal' }
 */
export interface RedirectRule {
  readonly from: string;
  /** A path (query allowed) or an absolute URL. */
  readonly to: string;
  readonly status: 301 | 302 | 303 | 307 | 308;
}

/**
 * What to do with a navigation.
 *
 * @example
 * const decision: NavigationDecision = guardNavigation({ fullPath: '/ranking/daily', devRoutes: false });
 * decision.action === 'render' && decision.match.route.layout; // 'default'
 */
export type NavigationDecision =
  | { readonly action: 'render'; readonly match: RouteMatch }
  | {
      readonly action: 'redirect';
      readonly status: RedirectRule['status'];
      readonly location: string;
    }
  | {
      readonly action: 'error';
      readonly status: 404;
      readonly reason: 'not-found';
      readonly message: string;
    }
  | {
      readonly action: 'error';
      readonly status: 403;
      readonly reason: 'first-address-denied' | 'second-address-denied';
      readonly message: string;
    };

/**
 * Everything guardNavigation needs about one navigation.
 *
 * @example
 * const request: NavigationRequest = {
 *   fullPath: '/search?q=東方',
 *   devRoutes: false,
 *   ipFilter: { enabled: true, allowedAddress: '203.0.113.7' },
 *   addresses: ['203.0.113.7', '203.0.113.7'],
 * };
 * guardNavigation(request).action; // 'render'
 */
export interface NavigationRequest {
  /** The requested path, query included (shown in the 404 message as requested). */
  readonly fullPath: string;
  /** The IP filter; omitted on client-side navigations, where no address is known. */
  readonly ipFilter?: IpFilterConfig;
  readonly addresses?: AddressSources;
  readonly redirects?: readonly RedirectRule[];
  /** Whether the developer pages (`/dev/*`) are served; production passes false. */
  readonly devRoutes: boolean;
}

/**
 * The route guard of docs/spec.md §4, in its order: invalid-route check (404 'Page Not Found:
 * {fullPath}', also for a developer page while devRoutes is false), then the IP filter (403), then
 * the server-rule redirects (the first rule whose `from` is the canonical path or the requested
 * path wins; the query is not carried over; a rule whose target is the requested path is ignored so it
 * cannot loop). A path that a redirect rule names is a valid path even when no route matches it:
 * old URLs that are no longer routes (what a /renewal page implies) are redirected, after the IP
 * filter like every other path; a path that neither a route nor a rule knows is a 404 before it.
 *
 * @example
 * guardNavigation({ fullPath: '/ranking/foo', devRoutes: false });
 * // { action: 'error', status: 404, reason: 'not-found', message: 'Page Not Found: /ranking/foo' }
 * guardNavigation({
 *   fullPath: '/renewal',
 *   devRoutes: false,
 *   redirects: [{ from: '/renewal', to: '/home/temporary/renewal', status: 302 }],
 * }); // { action: 'redirect', status: 302, location: '/home/temporary/renewal' }
 * guardNavigation({
 *   fullPath: '/old/shop.php?id=1',
 *   devRoutes: false,
 *   redirects: [{ from: '/old/shop.php', to: '/', status: 301 }],
 * }); // { action: 'redirect', status: 301, location: '/' }
 */
export function guardNavigation(request: NavigationRequest): NavigationDecision {
  const found = matchRoute(request.fullPath);
  const match = found === null || (found.route.devOnly && !request.devRoutes) ? null : found;
  const requested = request.fullPath.split(/[?#]/, 1)[0];
  const rule = request.redirects?.find(
    (r) => (r.from === match?.path || r.from === requested) && r.to !== requested,
  );
  const notFound: NavigationDecision = {
    action: 'error',
    status: 404,
    reason: 'not-found',
    message: notFoundMessage(request.fullPath),
  };
  if (match === null && rule === undefined) return notFound;
  if (request.ipFilter) {
    const ip = checkIpAddress(request.ipFilter, request.addresses ?? [undefined, undefined]);
    if (!ip.ok) return { action: 'error', status: 403, reason: ip.reason, message: ip.message };
  }
  if (rule) return { action: 'redirect', status: rule.status, location: rule.to };
  return match === null ? notFound : { action: 'render', match };
}
