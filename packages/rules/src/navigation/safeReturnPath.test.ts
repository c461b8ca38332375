import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { rawRoutePath, returnTargetArb, validRouteArb } from '../../test/arbitraries';
import { matchRoute } from './matchRoute';
import { safeReturnPath } from './safeReturnPath';

const FALLBACK = '/mypage';
/** The oracle's shop: where a browser on the shop would resolve the link. */
const SHOP = 'https://shop.example';

describe('safeReturnPath', () => {
  test('keeps a path of the shop, as the canonical path of its route', () => {
    expect(safeReturnPath('/checkout', FALLBACK)).toBe('/checkout');
    expect(safeReturnPath('/mypage/order-history', FALLBACK)).toBe('/mypage/order-history');
    expect(safeReturnPath('/ranking/daily/', FALLBACK)).toBe('/ranking/daily');
    expect(safeReturnPath('/r%61nking/daily', FALLBACK)).toBe('/ranking/daily');
    expect(safeReturnPath('/', FALLBACK)).toBe('/');
  });

  test('keeps the query, re-encoded, and drops the fragment', () => {
    expect(safeReturnPath('/search?q=限定版&page=2#results', FALLBACK)).toBe(
      '/search?q=%E9%99%90%E5%AE%9A%E7%89%88&page=2',
    );
    expect(safeReturnPath('/lp/faq?', FALLBACK)).toBe('/lp/faq');
  });

  test.each([
    // Issue 12: a tab (or newline) after the first slash is removed by the browser: //evil.example/.
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/\r\n/evil.example/',
    '/%09/evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '\\/evil.example/',
    '/.//evil.example/',
    '/checkout/..//evil.example/',
    '///evil.example/',
    'https://evil.example/checkout',
    'https://return-target.invalid/checkout',
    'javascript:alert(1)',
    'checkout',
    ' /checkout',
    '/nowhere',
    '/ranking/hourly',
    '/product/%2F%2Fevil.example',
    '',
  ])('falls back for %j', (target) => {
    expect(safeReturnPath(target, FALLBACK)).toBe(FALLBACK);
  });

  test('falls back without a target', () => {
    expect(safeReturnPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeReturnPath(undefined, '/')).toBe('/');
  });
});

describe('properties', () => {
  test.prop([returnTargetArb])(
    'never leaves the shop: whatever the target, a browser on the shop resolves the result on the shop',
    (target) => {
      const result = safeReturnPath(target, FALLBACK);
      expect(new URL(result, SHOP).origin).toBe(SHOP);
      expect(new URL(result, `${SHOP}/common/credit-card`).origin).toBe(SHOP);
    },
  );

  test.prop([returnTargetArb])(
    'leads to a route or the fallback: the result is the fallback or a path matchRoute knows',
    (target) => {
      const result = safeReturnPath(target, FALLBACK);
      expect(result === FALLBACK || matchRoute(result) !== null).toBe(true);
    },
  );

  test.prop([returnTargetArb])(
    'is idempotent: a result given back as the target comes back unchanged',
    (target) => {
      const result = safeReturnPath(target, FALLBACK);
      expect(safeReturnPath(result, FALLBACK)).toBe(result);
    },
  );

  test.prop([
    validRouteArb,
    fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.string()), { maxLength: 4 }),
  ])(
    'keeps valid route paths: a route path with a query comes back as that route and query',
    ({ route, params }, pairs) => {
      const query = new URLSearchParams(pairs).toString();
      const path = rawRoutePath(route.pattern, params);
      const result = safeReturnPath(query === '' ? path : `${path}?${query}`, FALLBACK);
      const kept = new URL(result, SHOP);
      expect(matchRoute(kept.pathname)?.route.id).toBe(route.id);
      expect(matchRoute(kept.pathname)?.params).toEqual(params);
      expect([...kept.searchParams]).toEqual(pairs);
    },
  );
});
