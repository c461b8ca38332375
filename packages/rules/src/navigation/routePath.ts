import { ROUTES, type RouteId, type RouteParams } from './routes';

/**
 * The href of a route, from its id and parameters (the same as `ROUTES[id].path(params)`).
 * Throws a TypeError for a parameter value the route does not allow (a programmer error: the
 * types already restrict enum parameters; slugs must match SLUG_PATTERN).
 *
 * @example
 * routePath('ranking', { type: 'daily' }); // '/ranking/daily'
 * routePath('product', { slug: 'kimetsu-23' }); // '/product/kimetsu-23'
 * routePath('cart'); // '/cart'
 */
export function routePath<Id extends RouteId>(
  id: Id,
  ...params: keyof RouteParams<Id> extends never ? [] : [RouteParams<Id>]
): string {
  const build = ROUTES[id].path as (params?: Readonly<Record<string, string>>) => string;
  return build(params[0] as Readonly<Record<string, string>> | undefined);
}
