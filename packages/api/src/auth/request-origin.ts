import type { Context } from 'hono';
import type { AccountConfig } from '../config/accounts';
import { ApiError } from '../errors';

// Where a state-changing request comes from, for the members' session middleware
// (middleware/session.ts) and the staff's (staff/access.ts) alike.

/** The header a state-changing request repeats the session's CSRF token in. */
export const CSRF_HEADER = 'x-csrf-token';

const MESSAGES = { origin: '別のサイトからのリクエストは受け付けられません。' } as const;

/**
 * Rejects a cross-site state-changing request by its Origin (or, when a browser sends no
 * Origin, its Sec-Fetch-Site). Allowed: the shop's own origin and ALLOWED_ORIGINS. The own
 * origin is PUBLIC_ORIGIN when set: behind a proxy that terminates TLS the app is reached at
 * http:// while browsers send `Origin: https://…`. Unset, it is the origin the request arrived at.
 */
export function checkOrigin(
  c: Context,
  config: AccountConfig,
  publicOrigin: string | undefined,
): void {
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const own = publicOrigin ?? new URL(c.req.url).origin;
    if (origin !== own && !config.allowedOrigins.includes(origin)) {
      throw new ApiError(403, 'csrf_origin', MESSAGES.origin);
    }
    return;
  }
  if (c.req.header('sec-fetch-site') === 'cross-site') {
    throw new ApiError(403, 'csrf_origin', MESSAGES.origin);
  }
}
