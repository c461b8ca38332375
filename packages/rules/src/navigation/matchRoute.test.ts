import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  anyPathArb,
  invalidRouteParamArb,
  rawRoutePath,
  validRouteArb,
} from '../../test/arbitraries';
import { matchRoute } from './matchRoute';
import { ROUTES } from './routes';

const SPEC_PATHS = [
  '/',
  '/renewal',
  '/cart',
  '/checkout',
  '/checkout/complete',
  '/comic',
  '/news/summer-sale-2026',
  '/contact',
  '/contact/sent',
  '/lp/faq',
  '/lp/legal',
  '/lp/terms',
  '/lp/information',
  '/lp/information/bundle',
  '/mypage',
  '/mypage/favorite',
  '/mypage/favorite/product',
  '/mypage/favorite/intellectualproperty',
  '/mypage/favorite/author',
  '/mypage/takeover',
  '/mypage/takeover/order-history',
  '/mypage/withdrawal',
  '/mypage/withdrawal/done',
  '/mypage/order-history',
  // Issue 14's お知らせ, account links and unsubscribe page (docs/account-mail.md).
  '/mypage/notices',
  '/password-reset',
  '/password-reset/confirm',
  '/email-change/confirm',
  '/unsubscribe',
  '/mypage/order-history/cancel',
  '/mypage/shipping-address',
  '/mypage/bundle/1024',
  '/mypage/bundle/confirm',
  '/mypage/bundle/complete',
  '/search',
  '/gallery',
  '/gallery/autumn-signing',
  '/product/040031234567',
  // Beyond the spec: the shop's series and author pages (docs/rules.md, ROUTES).
  '/category',
  '/genre',
  '/genre/comic_boys',
  '/series/yusha-no-toshokan',
  '/author/a000123',
  '/ranking/reservation',
  '/ranking/daily',
  '/ranking/weekly',
  '/ranking/monthly',
  '/ranking/yearly',
  '/showcase',
  '/showcase/isekai-fair',
  '/productlist/sale/day',
  '/productlist/sale/week',
  '/productlist/sale/month',
  '/productlist/add',
  '/productlist/delay',
  '/productlist/limited',
  '/productlist/benefit',
  '/common/credit-card',
  '/common/user-shipping-address',
  '/home/temporary/renewal',
  '/dev',
  '/dev/proxy',
  '/dev/process',
  '/dev/snackbar',
];

describe('matchRoute', () => {
  test.each(SPEC_PATHS)('matches the spec route %s as its canonical path', (path) => {
    expect(matchRoute(path)?.path).toBe(path);
  });

  test('every route of ROUTES is reached by one of the spec paths', () => {
    const reached = new Set(SPEC_PATHS.map((path) => matchRoute(path)?.route.id));
    expect([...reached].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  test('returns the parameters', () => {
    expect(matchRoute('/ranking/daily')).toMatchObject({
      route: { id: 'ranking' },
      params: { type: 'daily' },
    });
    expect(matchRoute('/product/kimetsu-23')?.params).toEqual({ slug: 'kimetsu-23' });
  });

  test.each([
    '/ranking/foo',
    '/mypage/favorite/xyz',
    '/productlist/sale/year',
    '/productlist/other',
    '/ranking',
    '/ranking/daily/extra',
    '/Ranking/daily',
    '/ranking/DAILY',
    '/nope',
    '',
    'ranking/daily',
    '//',
    '/ranking//daily',
    '/ranking/daily//',
    '/product/%E9%AC%BC%E6%BB%85',
    '/product/..',
    '/product/a%2Fb',
    '/product/%E0%A4%A',
    '/product/-leading-dash',
  ])('matches nothing for %j', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  test('accepts one trailing slash and gives the path without it', () => {
    expect(matchRoute('/ranking/daily/')?.path).toBe('/ranking/daily');
    expect(matchRoute('/')?.route.id).toBe('top');
  });

  test('ignores the query and the fragment', () => {
    expect(matchRoute('/search?q=%E9%AC%BC&categories=コミック')?.route.id).toBe('search');
    expect(matchRoute('/ranking/weekly/#top')?.params).toEqual({ type: 'weekly' });
  });

  test('percent-decodes segments before comparing', () => {
    expect(matchRoute('/r%61nking/d%61ily')?.path).toBe('/ranking/daily');
  });

  test('the static bundle steps are not bundle ids', () => {
    expect(matchRoute('/mypage/bundle/confirm')?.route.id).toBe('bundleConfirm');
    expect(matchRoute('/mypage/bundle/complete')?.route.id).toBe('bundleComplete');
    expect(matchRoute('/mypage/bundle/1024')?.params).toEqual({ id: '1024' });
  });

  test.each([
    '/mypage/bundle/abc',
    '/mypage/bundle/c0nfirm',
    '/mypage/bundle/0',
    '/mypage/bundle/01024',
    '/mypage/bundle/-1',
    '/mypage/bundle/1e3',
    '/mypage/bundle/1234567890',
  ])('a bundle id is an order number as the API takes it: %j matches nothing', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  test('/productlist/benefit is its own route, not a productList type', () => {
    expect(matchRoute('/productlist/benefit')?.route.id).toBe('benefitList');
  });
});

describe('properties', () => {
  test.prop([validRouteArb])(
    "accepts every valid path: a route's path with allowed params matches that route (no other route shadows it) with the same params",
    ({ route, params }) => {
      const match = matchRoute(rawRoutePath(route.pattern, params));
      expect(match?.route.id).toBe(route.id);
      expect(match?.params).toEqual(params);
    },
  );

  test.prop([invalidRouteParamArb])(
    'rejects invalid parameter values: a disallowed value never matches its route',
    ({ route, params }) => {
      const match = matchRoute(rawRoutePath(route.pattern, params));
      expect(match === null || match.route.id !== route.id).toBe(true);
      if (match !== null) expect(Object.keys(match.params)).toEqual([]);
    },
  );

  test.prop([anyPathArb])(
    'is canonical: any matched path matches again as its canonical path, with the same route and params',
    (path) => {
      const match = matchRoute(path);
      if (match === null) return;
      const again = matchRoute(match.path);
      expect(again?.route.id).toBe(match.route.id);
      expect(again?.params).toEqual(match.params);
      expect(again?.path).toBe(match.path);
    },
  );

  test.prop([validRouteArb])(
    'is trailing-slash tolerant: path and path + "/" match the same route',
    ({ route, params }) => {
      const path = rawRoutePath(route.pattern, params);
      expect(matchRoute(`${path}/`.replace('//', '/'))?.path).toBe(matchRoute(path)?.path);
    },
  );
});
