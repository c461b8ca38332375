import { assert } from '../../_lib/assert';
import type { LabelledValue } from '../routeParams';
import { isValidSlug } from '../slug';

/**
 * How one route parameter is validated: one of a fixed list, a slug minus reserved words, or a
 * record's numeric id.
 *
 * @example
 * ROUTES.ranking.params.type.kind; // 'enum' (one of RANKING_TYPES)
 * ROUTES.bundle.params.id.kind; // 'id' (an order number)
 * const spec: RouteParamSpec = { kind: 'slug', reserved: ['new'] };
 */
export type RouteParamSpec =
  | { readonly kind: 'enum'; readonly values: readonly LabelledValue[] }
  | { readonly kind: 'slug'; readonly reserved: readonly string[] }
  | { readonly kind: 'id' };

/**
 * The parameters of one route, by name.
 *
 * @example
 * const specs: RouteParamSpecs = ROUTES.bundle.params; // { id: { kind: 'id' } }
 */
export type RouteParamSpecs = Readonly<Record<string, RouteParamSpec>>;

/**
 * A record id as the API accepts it in its paths and queries: a positive integer of up to 9
 * digits, without a leading zero or sign.
 */
const ID_PATTERN = /^[1-9]\d{0,8}$/;

/** True when `value` is an allowed value of the parameter. */
export function isValidParamValue(spec: RouteParamSpec, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (spec.kind === 'enum') return spec.values.some((v) => v.value === value);
  if (spec.kind === 'id') return ID_PATTERN.test(value);
  return isValidSlug(value) && !spec.reserved.includes(value);
}

/** The segments of a pattern such as `/ranking/:type` (`[]` for `/`). */
export function patternSegments(pattern: string): string[] {
  return pattern === '/' ? [] : pattern.slice(1).split('/');
}

/** Fills a pattern's `:name` segments; throws a TypeError for a missing or invalid value. */
export function fillPattern(
  pattern: string,
  specs: RouteParamSpecs,
  params: Readonly<Record<string, string>>,
): string {
  const segments = patternSegments(pattern).map((segment) => {
    if (!segment.startsWith(':')) return segment;
    const name = segment.slice(1);
    const spec = specs[name];
    const value = params[name];
    assert(
      spec !== undefined && isValidParamValue(spec, value),
      `Invalid value for route parameter "${name}" of ${pattern}.`,
    );
    return encodeURIComponent(value as string);
  });
  return `/${segments.join('/')}`;
}
