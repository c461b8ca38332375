import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { invalidRouteParamArb, validRouteArb } from '../../test/arbitraries';
import { matchRoute } from './matchRoute';
import { routePath } from './routePath';
import { ROUTES, type RouteId } from './routes';

const buildAny = (id: string, params: Record<string, string>) =>
  (routePath as (id: RouteId, params?: Record<string, string>) => string)(id as RouteId, params);

describe('routePath', () => {
  test('builds the href of a route with parameters', () => {
    expect(routePath('ranking', { type: 'daily' })).toBe('/ranking/daily');
    expect(routePath('saleList', { term: 'week' })).toBe('/productlist/sale/week');
    expect(routePath('favoriteContent', { contentType: 'intellectualproperty' })).toBe(
      '/mypage/favorite/intellectualproperty',
    );
    expect(routePath('product', { slug: 'kimetsu-23' })).toBe('/product/kimetsu-23');
    expect(routePath('bundle', { id: '1024' })).toBe('/mypage/bundle/1024');
  });

  test('builds the href of a route without parameters', () => {
    expect(routePath('top')).toBe('/');
    expect(routePath('checkoutComplete')).toBe('/checkout/complete');
    expect(routePath('benefitList')).toBe('/productlist/benefit');
  });

  test("equals the route table's own path builder", () => {
    expect(routePath('ranking', { type: 'yearly' })).toBe(ROUTES.ranking.path({ type: 'yearly' }));
    expect(routePath('cart')).toBe(ROUTES.cart.path());
  });

  test('throws a TypeError for a value the route does not allow', () => {
    expect(() => buildAny('ranking', { type: 'hourly' })).toThrow(TypeError);
    expect(() => buildAny('productList', { type: 'benefit' })).toThrow(TypeError);
    expect(() => buildAny('product', { slug: '鬼滅の刃' })).toThrow(TypeError);
    expect(() => buildAny('bundle', { id: 'confirm' })).toThrow(TypeError);
    expect(() => buildAny('news', {})).toThrow(TypeError);
  });
});

describe('properties', () => {
  test.prop([validRouteArb])(
    'round-trips: matchRoute(routePath(id, params)) gives back id and params, and its path',
    ({ route, params }) => {
      const path = buildAny(route.id, params);
      const match = matchRoute(path);
      expect(match?.route.id).toBe(route.id);
      expect(match?.params).toEqual(params);
      expect(match?.path).toBe(path);
      expect(buildAny(route.id, match?.params as Record<string, string>)).toBe(path);
    },
  );

  test.prop([invalidRouteParamArb])(
    'refuses invalid values: a disallowed parameter value always throws',
    ({ route, params }) => {
      expect(() => buildAny(route.id, params)).toThrow(TypeError);
    },
  );
});
