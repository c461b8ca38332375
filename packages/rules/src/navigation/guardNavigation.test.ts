import { test } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { anyPathArb, ipv4Arb, rawRoutePath, validRouteArb } from '../../test/arbitraries';
import { guardNavigation } from './guardNavigation';
import { matchRoute } from './matchRoute';

const ipFilter = { enabled: true, allowedAddress: '203.0.113.7' };

describe('guardNavigation', () => {
  test('renders a valid route with its match', () => {
    const decision = guardNavigation({ fullPath: '/ranking/daily?page=2', devRoutes: false });
    expect(decision).toMatchObject({
      action: 'render',
      match: { route: { id: 'ranking' }, params: { type: 'daily' } },
    });
  });

  test("404s an invalid route with 'Page Not Found: {fullPath}'", () => {
    expect(guardNavigation({ fullPath: '/ranking/foo?x=1', devRoutes: false })).toEqual({
      action: 'error',
      status: 404,
      reason: 'not-found',
      message: 'Page Not Found: /ranking/foo?x=1',
    });
  });

  test('404s the developer pages unless they are enabled', () => {
    expect(guardNavigation({ fullPath: '/dev/snackbar', devRoutes: false })).toMatchObject({
      status: 404,
    });
    expect(guardNavigation({ fullPath: '/dev/snackbar', devRoutes: true })).toMatchObject({
      action: 'render',
    });
  });

  test('checks the route before the IP filter', () => {
    expect(
      guardNavigation({
        fullPath: '/nope',
        devRoutes: false,
        ipFilter,
        addresses: ['198.51.100.1', '198.51.100.1'],
      }),
    ).toMatchObject({ status: 404 });
  });

  test('403s a denied address, with the source number', () => {
    expect(
      guardNavigation({
        fullPath: '/',
        devRoutes: false,
        ipFilter,
        addresses: ['203.0.113.7', '198.51.100.1'],
      }),
    ).toEqual({
      action: 'error',
      status: 403,
      reason: 'second-address-denied',
      message: 'お使いの環境は権限がありません。(2)',
    });
  });

  test('checks the IP filter before the redirects', () => {
    expect(
      guardNavigation({
        fullPath: '/renewal',
        devRoutes: false,
        ipFilter,
        addresses: ['198.51.100.1', undefined],
        redirects: [{ from: '/renewal', to: '/', status: 301 }],
      }),
    ).toMatchObject({ status: 403 });
  });

  test('redirects by the first rule for the canonical or the requested path', () => {
    const redirects = [
      { from: '/renewal', to: '/home/temporary/renewal', status: 302 },
      { from: '/renewal', to: '/', status: 301 },
    ] as const;
    expect(guardNavigation({ fullPath: '/renewal/?a=1', devRoutes: false, redirects })).toEqual({
      action: 'redirect',
      status: 302,
      location: '/home/temporary/renewal',
    });
    expect(
      guardNavigation({
        fullPath: '/comic/',
        devRoutes: false,
        redirects: [{ from: '/comic/', to: '/comic', status: 308 }],
      }),
    ).toMatchObject({ action: 'redirect', location: '/comic' });
  });

  test('redirects an old path that is no longer a route, after the IP filter', () => {
    const redirects = [{ from: '/old/shop.php', to: '/', status: 301 }] as const;
    expect(
      guardNavigation({ fullPath: '/old/shop.php?id=12', devRoutes: false, redirects }),
    ).toEqual({ action: 'redirect', status: 301, location: '/' });
    expect(
      guardNavigation({
        fullPath: '/old/shop.php',
        devRoutes: false,
        redirects,
        ipFilter,
        addresses: ['198.51.100.1', undefined],
      }),
    ).toMatchObject({ status: 403 });
    // Another old path, without a rule, is still a 404.
    expect(
      guardNavigation({ fullPath: '/old/cart.php', devRoutes: false, redirects }),
    ).toMatchObject({ status: 404 });
  });

  test('ignores a rule that points at the path itself', () => {
    expect(
      guardNavigation({
        fullPath: '/comic',
        devRoutes: false,
        redirects: [{ from: '/comic', to: '/comic', status: 301 }],
      }),
    ).toMatchObject({ action: 'render' });
  });

  test('skips the IP filter when none is given (client-side navigation)', () => {
    expect(guardNavigation({ fullPath: '/cart', devRoutes: false })).toMatchObject({
      action: 'render',
    });
  });
});

describe('properties', () => {
  test.prop([anyPathArb, fc.boolean()])(
    'checks the route first: a path no route and no rule knows is 404 whatever the filter says',
    (path, devRoutes) => {
      fc.pre(matchRoute(path) === null);
      const decision = guardNavigation({
        fullPath: path,
        devRoutes,
        ipFilter,
        addresses: [undefined, undefined],
        redirects: [{ from: `${path.split(/[?#]/, 1)[0]}/retired`, to: '/', status: 301 }],
      });
      expect(decision).toEqual({
        action: 'error',
        status: 404,
        reason: 'not-found',
        message: `Page Not Found: ${path}`,
      });
    },
  );

  test.prop([validRouteArb, ipv4Arb])(
    'filters before redirecting: a denied address is 403 even where a redirect rule applies',
    ({ route, params }, address) => {
      fc.pre(address !== ipFilter.allowedAddress);
      const path = rawRoutePath(route.pattern, params);
      const decision = guardNavigation({
        fullPath: path,
        devRoutes: true,
        ipFilter,
        addresses: [address, ipFilter.allowedAddress],
        redirects: [{ from: path, to: '/elsewhere', status: 302 }],
      });
      expect(decision).toMatchObject({ action: 'error', status: 403 });
    },
  );

  test.prop([anyPathArb, ipv4Arb])(
    'redirects a path a rule names, route or not, once the filter lets the address through',
    (path, address) => {
      const requested = path.split(/[?#]/, 1)[0] ?? path;
      fc.pre(requested !== '/');
      const request = {
        fullPath: path,
        devRoutes: true,
        ipFilter,
        redirects: [{ from: requested, to: '/', status: 301 as const }],
      };
      expect(
        guardNavigation({ ...request, addresses: [ipFilter.allowedAddress, undefined] }),
      ).toEqual({ action: 'redirect', status: 301, location: '/' });
      fc.pre(address !== ipFilter.allowedAddress);
      expect(guardNavigation({ ...request, addresses: [address, undefined] })).toMatchObject({
        status: 403,
      });
    },
  );

  test.prop([validRouteArb])(
    'renders every valid route when nothing else applies',
    ({ route, params }) => {
      const decision = guardNavigation({
        fullPath: rawRoutePath(route.pattern, params),
        devRoutes: true,
        ipFilter: { enabled: false, allowedAddress: '' },
      });
      expect(decision.action === 'render' && decision.match.route.id).toBe(route.id);
    },
  );
});
