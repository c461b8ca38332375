import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { appendTrailingSlash } from 'hono/trailing-slash';
import * as z from 'zod';
import type { AppDeps } from './deps';
import { ApiError, errorResponse, MESSAGES, notFound } from './errors';
import { sessionMiddleware } from './middleware/session';
import { addressBookRoutes } from './routes/addressbook';
import { contactRoutes } from './routes/contact';
import { creditCardRoutes } from './routes/creditcard';
import { favoriteRoutes } from './routes/favorites';
import { healthRoutes } from './routes/health';
import { sessionRoutes } from './routes/session';
import { takeoverRoutes } from './routes/takeover';
import { userRoutes } from './routes/user';

export type { AppDeps } from './deps';

// Validation messages reach shoppers, so zod speaks Japanese in this process.
z.config(z.locales.ja());

/**
 * The whole HTTP application, without a listening socket: tests and the storefront's server
 * renderer call it with `app.request()`. Routes added to the returned app after this call (the
 * storefront's) are reached for every path outside /api/.
 */
export function createApp(deps: AppDeps) {
  const app = new Hono();

  app.use('/api/*', appendTrailingSlash());
  // Loads the session and refuses cross-site state changes before any resource runs.
  app.use('/api/*', sessionMiddleware(deps));

  app.route('/api/health/', healthRoutes(deps));
  // ── accounts ──
  app.route('/api/session/', sessionRoutes(deps));
  app.route('/api/user/', userRoutes(deps));
  app.route('/api/addressbook/', addressBookRoutes(deps));
  app.route('/api/gmo-multipay/creditcard/', creditCardRoutes(deps));
  app.route('/api/favorites/', favoriteRoutes(deps));
  app.route('/api/takeover/', takeoverRoutes(deps));
  app.route('/api/contact/', contactRoutes(deps));

  // Unknown API paths answer JSON, never the storefront's HTML.
  app.all('/api/*', () => {
    throw notFound();
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 404 ? 'not_found' : 'bad_request';
      const message = error.status === 404 ? MESSAGES.notFound : MESSAGES.badRequest;
      return errorResponse(c, new ApiError(error.status, code, message));
    }
    deps.log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
    return errorResponse(c, new ApiError(500, 'internal_error', MESSAGES.internal));
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
