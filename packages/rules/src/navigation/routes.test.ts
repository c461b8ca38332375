import { test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { validRouteArb } from '../../test/arbitraries';
import {
  FAVORITE_CONTENT_TYPES,
  PRODUCT_LIST_TYPES,
  RANKING_TYPES,
  SALE_TERMS,
} from './routeParams';
import { ROUTES } from './routes';

const routes = Object.values(ROUTES);

describe('ROUTES', () => {
  test('keys each route by its own id, with unique patterns', () => {
    for (const [key, route] of Object.entries(ROUTES)) expect(route.id).toBe(key);
    expect(new Set(routes.map((r) => r.pattern)).size).toBe(routes.length);
  });

  test('uses the no-header layout for /cart, /checkout and /checkout/complete', () => {
    const noHeader = routes.filter((r) => r.layout === 'no-header').map((r) => r.pattern);
    expect(noHeader.sort()).toEqual(['/cart', '/checkout', '/checkout/complete']);
  });

  test('uses the fakemodal layout for the /common/* pages', () => {
    const fakemodal = routes.filter((r) => r.layout === 'fakemodal').map((r) => r.pattern);
    expect(fakemodal.sort()).toEqual(['/common/credit-card', '/common/user-shipping-address']);
  });

  test('marks only the four developer pages as dev-only', () => {
    const dev = routes.filter((r) => r.devOnly).map((r) => r.pattern);
    expect(dev.sort()).toEqual(['/dev', '/dev/process', '/dev/proxy', '/dev/snackbar']);
  });

  test('needs a member on account pages, not on the cart, the shop, the withdrawal notice or a mail cancellation link', () => {
    expect(ROUTES.mypage.member).toBe(true);
    expect(ROUTES.favoriteContent.member).toBe(true);
    expect(ROUTES.bundle.member).toBe(true);
    expect(ROUTES.checkout.member).toBe(true);
    expect(ROUTES.creditCard.member).toBe(true);
    expect(ROUTES.cart.member).toBe(false);
    expect(ROUTES.product.member).toBe(false);
    expect(ROUTES.withdrawalDone.member).toBe(false);
    expect(ROUTES.reservationCancel.member).toBe(false);
    const members = routes.filter((r) => r.member).map((r) => r.pattern);
    expect(
      members.every(
        (p) => p.startsWith('/mypage') || p.startsWith('/checkout') || p.startsWith('/common/'),
      ),
    ).toBe(true);
  });

  test("takes the spec's parameter values and labels", () => {
    expect(ROUTES.ranking.params.type.values).toBe(RANKING_TYPES);
    expect(ROUTES.saleList.params.term.values).toBe(SALE_TERMS);
    expect(ROUTES.favoriteContent.params.contentType.values).toBe(FAVORITE_CONTENT_TYPES);
    expect(ROUTES.productList.params.type.values.map((v) => v.value)).toEqual([
      'add',
      'delay',
      'limited',
    ]);
    expect(PRODUCT_LIST_TYPES.map((v) => v.value)).toEqual(['add', 'delay', 'benefit', 'limited']);
  });

  test('gives every route a Japanese title', () => {
    for (const route of routes) expect(route.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});

describe('properties', () => {
  test.prop([validRouteArb])(
    'builds within the pattern: a route path has exactly as many segments as its pattern',
    ({ route, params }) => {
      const build = route.path as (p: Record<string, string>) => string;
      expect(build(params).split('/').length).toBe(route.pattern.split('/').length);
    },
  );
});
