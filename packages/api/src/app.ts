import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod';
import { passwordGate } from './auth/password';
import type { AppDeps } from './deps';
import { ApiError, errorResponse, isDatabaseUnavailable, MESSAGES, notFound } from './errors';
import { shopperIssueMessage } from './lib/issue-messages';
import { limitRequestBodies } from './middleware/body-limit';
import { PUBLIC_CATALOG_ROUTES, publicCatalogCache } from './middleware/cache-policy';
import { compression } from './middleware/compression';
import { ipFilter } from './middleware/ip-filter';
import { securityHeaders } from './middleware/security-headers';
import { sessionMiddleware } from './middleware/session';
import { notificationRoutes, operatorNotificationRoutes } from './notifications/routes';
import { ShopMetrics } from './observability/metrics';
import { observeRequests } from './observability/requests';
import { refusalAnswer } from './refusal-status';
import { addressBookRoutes } from './routes/addressbook';
import { buildRoutes } from './routes/builds';
import { cartRoutes } from './routes/cart';
import { contactRoutes } from './routes/contact';
import {
  authorRoutes,
  galleryRoutes,
  newsRoutes,
  seriesRoutes,
  showcaseRoutes,
} from './routes/content';
import { creditCardRoutes } from './routes/creditcard';
import { favoriteRoutes } from './routes/favorites';
import { healthRoutes } from './routes/health';
import { homedataRoutes } from './routes/homedata';
import { coverRoutes, imageRoutes } from './routes/images';
import { metricsRoutes } from './routes/metrics';
import { openApiRoutes } from './routes/openapi';
import { operatorAuth, operatorRoutes } from './routes/operator';
import { orderRoutes, pointRoutes } from './routes/orders';
import { passwordResetRoutes } from './routes/password-reset';
import { productListRoutes } from './routes/productlist';
import { productRoutes } from './routes/products';
import { rankingRoutes } from './routes/ranking';
import { reserveShopRoutes } from './routes/reserveshop';
import { restockRoutes } from './routes/restock';
import { searchRoutes } from './routes/search';
import { sessionRoutes } from './routes/session';
import { takeoverRoutes } from './routes/takeover';
import { testClockRoutes } from './routes/test-clock';
import { userRoutes } from './routes/user';
import { ServiceError } from './services/service-error';
import { adminRoutes } from './staff/routes';

export type { AppDeps } from './deps';

// Validation messages reach shoppers, so zod speaks Japanese prose in this process: the shop's
// own map first (no type names or patterns, lib/issue-messages.ts), the locale for anything else.
z.config({ ...z.locales.ja(), customError: shopperIssueMessage });

/**
 * A GET or HEAD of an API path without its trailing slash that no route answers moves to the
 * path with it (301). The Location is relative: an absolute one would be built from the Host
 * the request claims, which a client or a proxy's cache poisoner writes.
 */
const appendTrailingSlash: MiddlewareHandler = async (c, next) => {
  await next();
  const method = c.req.method;
  if (c.res.status !== 404 || (method !== 'GET' && method !== 'HEAD')) return;
  const { pathname, search } = new URL(c.req.url);
  if (!pathname.endsWith('/')) c.res = c.redirect(`${pathname}/${search}`, 301);
};

/**
 * The path prefixes the API app answers itself (test/ip-filter.test.ts checks that every route
 * of the app is under one). Every other path is the storefront's.
 */
export const API_PATH_PREFIXES = ['/api/', '/_image', '/covers/', '/_app/'] as const;

/** Whether the API app answers `path` itself: one of its prefixes, or the metrics path. */
export function isApiPath(path: string, metricsPath: string): boolean {
  return API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === metricsPath;
}

/**
 * The whole HTTP application, without a listening socket: tests and the storefront's server
 * renderer call it with `app.request()`. Routes added to the returned app after this call (the
 * storefront's) are reached for every path outside /api/.
 */
export function createApp(given: AppDeps) {
  const metrics = given.metrics ?? new ShopMetrics();
  const deps: AppDeps = { ...given, metrics };
  metrics.watchGate('password', passwordGate);
  metrics.watchPool(() => deps.db.poolStats?.());
  const app = new Hono();

  // First: every answer, whoever made it, carries the request id, is measured and logged.
  app.use(
    '*',
    observeRequests({ logger: deps.logger, metrics, trustProxy: deps.config.accounts.trustProxy }),
  );
  // Next, so that every answer below it (errors and the storefront's pages included) has them.
  app.use('*', securityHeaders());
  // Inside the security headers (which only add headers), around everything that makes a body.
  app.use('*', compression());
  // The IP filter guards the API's own paths here; the storefront's pages behind it are guarded
  // by its page guard, which shows the error screen (middleware/ip-filter.ts).
  app.use(
    '*',
    ipFilter(deps.config.ipFilter, deps.config.accounts.trustProxy, (path) =>
      isApiPath(path, deps.config.metrics.path),
    ),
  );
  // Before the session is loaded: an oversized body costs no database work and is never held.
  app.use('*', limitRequestBodies());
  app.use('/api/*', appendTrailingSlash);
  // Loads the session and refuses cross-site state changes before any resource runs.
  app.use('/api/*', sessionMiddleware(deps));

  app.route('/api/health/', healthRoutes(deps));
  app.route(deps.config.metrics.path, metricsRoutes(metrics, deps.config.metrics.token));
  // The one place that declares which answers a CDN may keep (middleware/cache-policy.ts).
  for (const route of PUBLIC_CATALOG_ROUTES) {
    app.use(`${route}*`, publicCatalogCache(deps.config.ipFilter.enabled));
  }
  // ── catalog ──
  app.route(
    '/api/openapi.json',
    openApiRoutes(() => app.routes),
  );
  app.route('/api/homedata/', homedataRoutes(deps));
  app.route('/api/products/', productRoutes(deps));
  app.route('/api/search/', searchRoutes(deps));
  app.route('/api/ranking/', rankingRoutes(deps));
  app.route('/api/productlist/', productListRoutes(deps));
  app.route('/api/news/', newsRoutes(deps));
  app.route('/api/showcases/', showcaseRoutes(deps));
  app.route('/api/gallery/', galleryRoutes(deps));
  app.route('/api/series/', seriesRoutes(deps));
  app.route('/api/authors/', authorRoutes(deps));
  app.route('/_image', imageRoutes(deps));
  app.route('/covers/', coverRoutes(deps));
  app.route('/_app/builds/', buildRoutes(deps));
  // ── accounts ──
  app.route('/api/session/', sessionRoutes(deps));
  app.route('/api/user/', userRoutes(deps));
  app.route('/api/password-reset/', passwordResetRoutes(deps));
  app.route('/api/addressbook/', addressBookRoutes(deps));
  app.route('/api/gmo-multipay/creditcard/', creditCardRoutes(deps));
  app.route('/api/favorites/', favoriteRoutes(deps));
  app.route('/api/takeover/', takeoverRoutes(deps));
  app.route('/api/contact/', contactRoutes(deps));
  // ── orders ──
  app.route('/api/cart/', cartRoutes(deps));
  app.route('/api/reserveshop/', reserveShopRoutes(deps));
  app.route('/api/orders/', orderRoutes(deps));
  app.route('/api/points/', pointRoutes(deps));
  app.route('/api/restock-requests/', restockRoutes(deps));
  app.route('/api/operator/', operatorRoutes(deps));
  if (deps.testClock !== undefined) {
    app.use('/api/operator/test/*', operatorAuth(deps));
    app.route('/api/operator/test/', testClockRoutes(deps, deps.testClock));
  }
  // ── notifications ──
  app.route('/api/notifications/', notificationRoutes(deps));
  app.route('/api/operator/notifications/', operatorNotificationRoutes(deps));
  app.route('/api/admin/', adminRoutes(deps));

  // Unknown API paths answer JSON, never the storefront's HTML.
  app.all('/api/*', () => {
    throw notFound();
  });

  // Whatever no route (the API's or the storefront's) answers.
  app.notFound((c) => errorResponse(c, notFound()));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof ServiceError) return errorResponse(c, refusalAnswer(error));
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 404 ? 'not_found' : 'bad_request';
      const message = error.status === 404 ? MESSAGES.notFound : MESSAGES.badRequest;
      return errorResponse(c, new ApiError(error.status, code, message));
    }
    deps.log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
    if (isDatabaseUnavailable(error)) {
      return errorResponse(
        c,
        new ApiError(503, 'database_unavailable', MESSAGES.databaseUnavailable),
      );
    }
    return errorResponse(c, new ApiError(500, 'internal_error', MESSAGES.internal));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
