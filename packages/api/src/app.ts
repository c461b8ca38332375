import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { appendTrailingSlash } from 'hono/trailing-slash';
import * as z from 'zod';
import type { AppDeps } from './deps';
import { ApiError, errorResponse, MESSAGES, notFound } from './errors';
import { healthRoutes } from './routes/health';

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

  app.route('/api/health/', healthRoutes(deps));

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
